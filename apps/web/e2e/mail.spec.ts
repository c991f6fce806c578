import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEMBER_TYPE } from '@panalo/contract/member';
import { createMember, sessionFor } from '../../server/src/test-support/members';
import { fundFromClearing } from '../../server/src/test-support/ledger';
import { jpegImage, pngImage } from '../../server/src/test-support/images';
import { describeViolations, seriousViolations } from '../../../test/e2e/axe';
import { hasChromium, sessionStorageFor, startJourney, type Journey } from '../../../test/e2e/harness';

// The mail centre in Chromium against the real server (issue 19): an operator sends a broadcast and a
// personal mail through the API; the member sees the unread count in the member centre; a third mail sent
// while the page is open moves the badge without a reload (the live stream), as a credit moves the
// header's balance; the member opens /m/webEmail, reads a mail (the count goes down), deletes one and
// marks the rest read. Passes axe.

const SOON = { timeout: 10_000 };

describe.skipIf(!hasChromium)('mail centre', () => {
  let j: Journey;
  beforeAll(async () => {
    j = await startJourney();
    j.t.clock.set(new Date());
  });
  afterAll(async () => {
    await j?.close();
  });

  const send = async (token: string, body: Record<string, unknown>, key: string) => {
    const r = await fetch(`http://127.0.0.1:${j.port}/api/ops/mail`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        'idempotency-key': key,
      },
      body: JSON.stringify(body),
    });
    expect(r.status).toBe(200);
  };

  it('CONTENT-001 MINE-033 MINE-034 mail arriving while the page is open moves the badge without a reload; a pushed balance; read, delete, mark all read', async () => {
    const member = await createMember(j.t, { username: 'mailreader' });
    j.t.clock.advance(1000);
    const ops = await sessionFor(j.t, await createMember(j.t, { type: MEMBER_TYPE.OPERATOR }));
    await send(
      ops,
      { audience: 'all', title: 'Weekend tournament', body: '<p>Play <b>this weekend</b> for a prize.</p>' },
      'mail-e2e-1',
    );
    await send(
      ops,
      {
        audience: 'members',
        usernames: ['mailreader'],
        title: 'Your account',
        body: '<p>Your card was verified.<script>alert(1)</script></p>',
      },
      'mail-e2e-2',
    );

    const { page, url } = await j.newPage({
      storage: sessionStorageFor(await sessionFor(j.t, member), member),
    });
    await page.goto(url('/m/mine'));
    await expect.poll(() => page.getByTestId('message-indicator-badge').textContent(), SOON).toBe('2');
    // While the page is open, a third mail arrives: the badge changes without a reload (the live stream).
    const streams = () =>
      j.t.ctx.db.selectFrom('member_stream').select('streams').where('member_id', '=', member.id).execute();
    await expect.poll(streams, SOON).toEqual([{ streams: 1 }]);
    await send(
      ops,
      { audience: 'members', usernames: ['mailreader'], title: 'Live one', body: '<p>Hi</p>' },
      'mail-e2e-3',
    );
    await expect.poll(() => page.getByTestId('message-indicator-badge').textContent(), SOON).toBe('3');
    await page.getByTestId('message-indicator').click();
    await page.waitForURL(/\/m\/webEmail$/);
    const list = page.getByTestId('mail-list');
    await list.waitFor();
    expect(await page.getByTestId('mail-unread-count').textContent()).toBe('3 unread');
    // A balance change made elsewhere (money credited by another process or job) reaches the header.
    await expect.poll(() => page.getByTestId('header-balance').textContent(), SOON).toContain('0.00');
    await fundFromClearing(j.t.ctx.db, member.id, 25_000n, j.t.clock.now());
    await expect.poll(() => page.getByTestId('header-balance').textContent(), SOON).toContain('250.00');
    const first = list.getByTestId('mail-item').first();
    expect(await first.textContent()).toContain('Live one');
    const second = list.getByTestId('mail-item').nth(1);
    expect(await second.textContent()).toContain('Your account');

    await second.getByRole('button', { name: /Your account/ }).click();
    const content = second.getByTestId('mail-content');
    await expect.poll(() => content.textContent(), SOON).toBe('Your card was verified.');
    await expect.poll(() => page.getByTestId('mail-unread-count').textContent(), SOON).toBe('2 unread');

    const axe = await seriousViolations(page);
    expect(axe, describeViolations(axe)).toEqual([]);

    await second.getByTestId('mail-delete').click();
    await expect.poll(() => list.getByTestId('mail-item').count(), SOON).toBe(2);
    await page.getByTestId('mail-read-all').click();
    await expect.poll(() => page.getByTestId('mail-unread-count').textContent(), SOON).toBe('0 unread');

    // Back in the member centre: no badge, and the server agrees after a reload.
    await page.goto(url('/m/mine'));
    await page.getByTestId('mine-screen').waitFor();
    expect(await page.getByTestId('message-indicator-badge').count()).toBe(0);
  });

  it('CONTENT-003 a member sends feedback with two images; the operator replies; the member is told and reads the reply', async () => {
    j.t.clock.advance(1000); // after the broadcast of the test before
    const member = await createMember(j.t, { username: 'feedbacker' });
    const ops = await sessionFor(j.t, await createMember(j.t, { type: MEMBER_TYPE.OPERATOR }));
    const { page, url } = await j.newPage({
      storage: sessionStorageFor(await sessionFor(j.t, member), member),
    });
    await page.goto(url('/m/feedback'));
    await page.getByTestId('feedback-form').waitFor();
    await page.getByTestId('feedback-category').selectOption('deposit');
    await page.getByTestId('feedback-content').fill('My deposit from this morning has not arrived yet');
    await page.getByTestId('feedback-images').setInputFiles([
      { name: 'receipt.jpg', mimeType: 'image/jpeg', buffer: jpegImage({ exif: 'GPS 14.59 N' }) },
      { name: 'screen.png', mimeType: 'image/png', buffer: pngImage({ width: 64, height: 64 }) },
    ]);
    await page.getByTestId('feedback-submit').click();
    const item = page.getByTestId('feedback-item').first();
    await expect.poll(() => item.getAttribute('data-status'), SOON).toBe('open');
    await expect.poll(() => item.getByTestId('feedback-image').count(), SOON).toBe(2);
    const axe = await seriousViolations(page);
    expect(axe, describeViolations(axe)).toEqual([]);

    const [row] = await j.t.ctx.db
      .selectFrom('feedback')
      .select('id')
      .where('member_id', '=', member.id)
      .execute();
    const r = await fetch(`http://127.0.0.1:${j.port}/api/ops/feedback/${row!.id}/reply`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ops}`, 'content-type': 'application/json' },
      body: JSON.stringify({ content: 'Credited now, thank you for waiting.' }),
    });
    expect(r.status).toBe(200);
    await page.reload();
    await expect
      .poll(() => page.getByTestId('feedback-reply').first().textContent(), SOON)
      .toContain('Credited now, thank you for waiting.');
    // And told by mail: the member centre's badge.
    await page.goto(url('/m/mine'));
    await expect.poll(() => page.getByTestId('message-indicator-badge').textContent(), SOON).toBe('1');
  });

  it('SHELL-037 API-027 API-071 a member changes the head icon (cropped here, sent form-encoded) and the nickname at /m/member/home', async () => {
    const member = await createMember(j.t, { username: 'iconchanger' });
    const { page, url } = await j.newPage({
      storage: sessionStorageFor(await sessionFor(j.t, member), member),
    });
    await page.goto(url('/m/mine'));
    await page.getByTestId('mine-edit-profile').click();
    await page.waitForURL(/\/m\/member\/home$/);
    await page.getByTestId('profile-avatar').waitFor();
    expect(await page.getByTestId('profile-avatar').textContent()).toBe('I');

    await page.getByTestId('profile-icon-input').setInputFiles({
      name: 'me.png',
      mimeType: 'image/png',
      buffer: pngImage({ width: 300, height: 200 }),
    });
    const frame = page.getByTestId('head-icon-frame');
    await frame.waitFor();
    await frame.press('ArrowLeft'); // moved by the keyboard
    await page.getByTestId('head-icon-zoom').fill('2');
    const sent = page.waitForRequest(
      (r) => r.url().endsWith('/api/members/head-icon') && r.method() === 'POST',
    );
    await page.getByTestId('head-icon-use').click();
    const request = await sent;
    expect(request.headers()['content-type']).toContain('application/x-www-form-urlencoded');
    expect(new URLSearchParams(request.postData() ?? '').get('headIcon')).toMatch(
      /^data:image\/(webp|png);base64,/,
    );
    const img = page.getByTestId('profile-avatar').locator('img');
    await expect.poll(() => img.evaluate((e) => (e as HTMLImageElement).naturalWidth), SOON).toBe(256);
    const row = await j.t.ctx.db
      .selectFrom('member')
      .select('head_icon')
      .where('id', '=', member.id)
      .executeTakeFirstOrThrow();
    expect(row.head_icon).toMatch(/^heads\/[0-9a-f-]{36}\.(webp|png)$/);
    expect(await page.getByTestId('head-icon-cropper').count()).toBe(0);

    await page.getByTestId('profile-nickname').fill('Iconic');
    await page.getByTestId('profile-nickname-save').click();
    await expect.poll(() => page.getByTestId('profile-account').textContent(), SOON).toBe('Iconic');
    const axe = await seriousViolations(page);
    expect(axe, describeViolations(axe)).toEqual([]);

    // The member centre shows the same picture.
    await page.goto(url('/m/mine'));
    const avatar = page.getByTestId('mine-avatar').locator('img');
    await expect.poll(() => avatar.count(), SOON).toBe(1);
    expect(await avatar.getAttribute('src')).toBe(`/api/head-icons/${row.head_icon!.slice('heads/'.length)}`);
  });
});
