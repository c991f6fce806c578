import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  configureProvider,
  startOidcProvider,
  type TestOidcProvider,
} from '../../server/src/test-support/oauth-provider';
import { writePersonalMail } from '../../server/src/modules/mail/mail.service';
import { hasChromium, startJourney, type Journey, signedInStorage } from '../../../test/e2e/harness';

// The member centre, the message indicator, the free-trial refusal, logout and social login in
// Chromium against the real server (issue 3 parts 3, 4, 8 and 9).

const DAY_MS = 86_400_000;

describe.skipIf(!hasChromium)('member centre, logout and social login', () => {
  let j: Journey;
  let idp: TestOidcProvider;
  beforeAll(async () => {
    j = await startJourney();
    idp = await startOidcProvider({ now: () => j.t.clock.now() });
  });
  afterAll(async () => {
    await idp?.close();
    await j?.close();
  });

  /** A member of `merchant` with a live session, as the browser keeps it (MC_SESSION_INFO), in EN. */
  const signedIn = (o: { merchant?: string; type?: number; username: string; nickname?: string }) =>
    signedInStorage(j, o);

  // 127.0.0.1 is no merchant's domain, so the API answers as the default merchant (panalo).
  const meWith = (token: string) =>
    fetch(`http://127.0.0.1:${j.port}/api/members/me`, { headers: { authorization: `Bearer ${token}` } });

  it('MINE-008..031 MINE-033 SHELL-054 panalo (flags on, new version): account, VIP, days, every entry, unread badge', async () => {
    const { m, storage } = await signedIn({ username: 'minepanalo1', type: 1 });
    // Registered 40 days ago (by the browser's clock), VIP 3, allowed to transfer to the upline, 4 unread mails.
    await j.t.ctx.db
      .updateTable('member')
      .set({ created_at: new Date(Date.now() - 40 * DAY_MS - 3600_000), vip_level: 3, to_upline: true })
      .where('id', '=', m.id)
      .execute();
    for (const n of [1, 2, 3, 4, 5]) {
      const id = await writePersonalMail(j.t.ctx.db, {
        merchantId: m.merchant_id,
        memberIds: [m.id],
        title: `mail ${n}`,
        body: 'x',
        at: new Date(),
      });
      if (n === 5) {
        await j.t.ctx.db
          .insertInto('mail_state')
          .values({ member_id: m.id, mail_id: id, read_at: new Date() })
          .execute();
      }
    }

    const { page, url } = await j.newPage({ storage });
    await page.goto(url('/m/mine'));
    const screen = page.getByTestId('mine-screen');
    await screen.waitFor();
    expect(await screen.getAttribute('data-version')).toBe('new');
    expect(await page.getByTestId('header').count()).toBe(0); // the shell's header is hidden on mine
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Member centre');
    expect(await page.getByTestId('mine-account').textContent()).toBe('minepanalo1');
    await expect.poll(() => page.getByTestId('mine-vip').textContent()).toBe('VIP 3 · Gold');
    expect(await page.getByTestId('mine-days').textContent()).toBe('Joined 40 days ago');

    const entries = async (testId: string) =>
      page
        .getByTestId(testId)
        .getByRole('button')
        .evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.testid?.replace('mine-entry-', '')));
    // Every entry whose flag is on (panalo turns them all on), in the spec's order.
    expect(await entries('mine-tiles')).toEqual([
      'benefits',
      'download',
      'deposit',
      'withdraw',
      'invite',
      'security',
    ]);
    await expect
      .poll(() => entries('mine-items'))
      .toEqual([
        'agent',
        'depositRecord',
        'withdrawRecord',
        'accountRecord',
        'betRecord',
        'profitLoss',
        'uplineTransfer',
        'rewardCentre',
        'manualRebate',
        'mission',
        'myRebate',
        'mail',
        'feedback',
      ]);
    // MINE-033: the seeded unread count on the mail item and on the indicator.
    expect(await page.getByTestId('mine-mail-badge').innerText()).toContain('4');
    expect(await page.getByTestId('message-indicator-badge').textContent()).toBe('4');

    // The download tile opens the popup; a list item navigates.
    await page.getByTestId('mine-entry-download').click();
    await page.getByTestId('mine-download-popup').waitFor();
    await page.getByTestId('mine-download-close').click();
    await page.getByTestId('mine-entry-depositRecord').click();
    await page.waitForURL(/\/m\/vouReport$/);
    // MINE-034: the indicator opens the message centre.
    await page.goto(url('/m/mine'));
    await page.getByTestId('message-indicator').click();
    await page.waitForURL(/\/m\/webEmail$/);
  });

  it('ROLE-003 SHELL-054 luzon (fewer flags, base version): only its entries, as a list', async () => {
    const { storage } = await signedIn({ merchant: 'luzon', username: 'mineluzon1' });
    const { page, url } = await j.newPage({ host: 'luzon.localhost', storage });
    await page.goto(url('/m/mine'));
    const screen = page.getByTestId('mine-screen');
    await screen.waitFor();
    expect(await screen.getAttribute('data-version')).toBe('base');
    expect(await page.getByTestId('mine-items').getAttribute('class')).toContain('mine-items--list');
    const ids = (testId: string) =>
      page
        .getByTestId(testId)
        .getByRole('button')
        .evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.testid?.replace('mine-entry-', '')));
    expect(await ids('mine-tiles')).toEqual(['download', 'deposit', 'withdraw', 'security']);
    expect(await ids('mine-items')).toEqual(['depositRecord', 'withdrawRecord', 'betRecord', 'mail']);
    expect(await page.getByTestId('mine-vip').count()).toBe(0);
    expect(await page.getByTestId('message-indicator-badge').count()).toBe(0);
  });

  it('MINE-007 MINE-032 a visitor sees the login-or-register panel; entries open the login screen', async () => {
    const { page, url } = await j.newPage({ storage: { language: 'EN' } });
    await page.goto(url('/m/mine'));
    await page.getByTestId('mine-guest').waitFor();
    await page.getByTestId('mine-entry-withdrawRecord').click();
    await page.waitForURL(/\/m\/login\?redirect=%2Fm%2FwithdrawReport$/);
    await page.goto(url('/m/mine'));
    await page.getByTestId('mine-register').click();
    await page.waitForURL(/\/m\/register$/);
  });

  it('ROLE-011 ROLE-012 a trial account opening a member page gets the free_reject toast; the server refuses it too', async () => {
    const { token, storage } = await signedIn({ username: 'guest90001', type: 4 });
    const { page, url } = await j.newPage({ storage });
    await page.goto(url('/m/mine'));
    await page.getByTestId('mine-entry-withdraw').click();
    // The toast itself (its words are also read out by the polite live region, which may hold them too).
    await page
      .locator('.adm-toast-main')
      .getByText('Please login an actual account to use this function')
      .waitFor();
    expect(new URL(page.url()).pathname).toBe('/m/mine');

    const res = await fetch(`http://127.0.0.1:${j.port}/api/members/unread-count`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { code: string }).code).toBe('free_reject');
  });

  it('AUTH-062..068 logout asks, revokes the session on the server and reloads at home', async () => {
    const { token, storage } = await signedIn({ username: 'logout0001', nickname: 'Leave Me' });
    // Stored once by hand (not by newPage's init script, which would put it back on the reload).
    // On a quiet page: home may open its announcement popups over the header for a member.
    const { page, url } = await j.newPage();
    await page.goto(url('/m/help'));
    await page.evaluate((s) => {
      for (const [k, v] of Object.entries(s)) localStorage.setItem(k, v);
    }, storage);
    await page.reload();
    await expect.poll(() => page.getByTestId('header-name').textContent()).toBe('Leave Me');
    expect((await meWith(token)).status).toBe(200);
    await page.evaluate(() => localStorage.setItem('autoLogin', '1'));

    await page.getByTestId('menu-button').click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Sign out' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Sign out?' });
    const revoked = page.waitForRequest(
      (r) => r.method() === 'DELETE' && r.url().endsWith('/api/auth/session'),
    );
    await dialog.getByRole('button', { name: 'Sign out' }).click();
    expect((await revoked).headers().authorization).toBe(`Bearer ${token}`);
    await page.waitForURL(/\/m\/home$/);
    await expect.poll(() => meWith(token).then((r) => r.status)).toBe(401);
    expect(await page.evaluate(() => localStorage.getItem('autoLogin'))).toBe('0');
  });

  it('AUTH-022 social login end to end: start, the provider, the callback, /m/oauth, signed in at home', async () => {
    await configureProvider(j.t.ctx.db, { merchant: 'panalo', provider: 'google', idp });
    idp.user = {
      sub: 'e2e-google-1',
      name: 'Maria Clara',
      email: 'maria.e2e@example.com',
      email_verified: true,
    };
    const { page, url } = await j.newPage({ storage: { language: 'EN' } });
    const visited: string[] = [];
    page.on('request', (r) => {
      if (r.isNavigationRequest()) visited.push(r.url());
    });
    await page.goto(url('/api/auth/oauth/google/start'));
    await page.waitForURL(/\/m\/home$/);
    // Through the provider, back to our callback, then the landing page with its one-time code.
    const hop = (test: (u: string) => boolean) => visited.findIndex(test);
    const authorize = hop((u) => u.startsWith(`${idp.issuer}/authorize?`));
    const callback = hop((u) => u.includes('/api/auth/oauth/google/callback?'));
    const landing = hop((u) => /\/m\/oauth\?code=[\w-]{43}$/.test(u));
    expect(authorize).toBeGreaterThan(0);
    expect(callback).toBeGreaterThan(authorize);
    expect(landing).toBeGreaterThan(callback);
    const stored = await page.evaluate(() => localStorage.getItem('MC_SESSION_INFO'));
    const session = JSON.parse(stored ?? 'null') as { token: string; userName: string } | null;
    expect(session).toMatchObject({ merchantCode: 'panalo', type: 0, firstTimeLogin: false });
    expect(session!.userName).toMatch(/^mariaclara\d{6}$/);
    await expect.poll(() => page.getByTestId('header-name').textContent()).toBe('Maria Clara');
    expect((await meWith(session!.token)).status).toBe(200);
    // The code is gone from the address bar and cannot be used again.
    expect(page.url()).not.toContain('code=');
  });
});
