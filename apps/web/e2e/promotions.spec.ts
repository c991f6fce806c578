import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEMBER_TYPE } from '@panalo/contract/member';
import { createMember, sessionFor } from '../../server/src/test-support/members';
import { fundFromClearing } from '../../server/src/test-support/ledger';
import { addToMemberDay } from '../../server/src/modules/stats/member-day';
import { pngImage } from '../../server/src/test-support/images';
import { describeViolations, seriousViolations } from '../../../test/e2e/axe';
import { hasChromium, sessionStorageFor, startJourney, type Journey } from '../../../test/e2e/harness';

// Issue 18, first increment, in Chromium: a member checks in on the events tab; an operator grants a
// reward through the operator API; the member claims it in the reward centre and the balance shows it.

const SOON = { timeout: 10_000 };

describe.skipIf(!hasChromium)('promotions', () => {
  let j: Journey;
  beforeAll(async () => {
    j = await startJourney();
  });
  afterAll(async () => j?.close());

  it('PROMO-001 PROMO-007 checks in, then claims an operator’s reward in the reward centre', async () => {
    const member = await createMember(j.t, { username: 'promoplayer' });
    const ops = await sessionFor(j.t, await createMember(j.t, { type: MEMBER_TYPE.OPERATOR }));
    const { page, url } = await j.newPage({
      storage: sessionStorageFor(await sessionFor(j.t, member), member),
    });
    await page.goto(url('/m/activity'));
    const card = page.getByTestId('promotion').filter({ has: page.getByTestId('checkin-button') });
    await card.getByTestId('checkin-button').click();
    await expect.poll(() => card.getByTestId('promotion-status').count(), SOON).toBe(1);
    expect(await card.getByTestId('promotion-status').getAttribute('data-status')).toBe('signed');
    expect(await card.locator('[data-testid="checkin-day"][data-done="true"]').count()).toBe(1);
    const axe = await seriousViolations(page);
    expect(axe, describeViolations(axe)).toEqual([]);

    const promotions = (await (
      await fetch(`http://127.0.0.1:${j.port}/api/ops/promotions`, {
        headers: { authorization: `Bearer ${ops}` },
      })
    ).json()) as { value: { id: string; code: string }[] };
    const welcome = promotions.value.find((p) => p.code === 'WELCOME-BACK')!;
    const granted = await fetch(`http://127.0.0.1:${j.port}/api/ops/promotions/${welcome.id}/grants`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ops}`, 'content-type': 'application/json' },
      body: JSON.stringify({ usernames: ['promoplayer'], amount: '25.00' }),
    });
    expect(granted.status).toBe(200);

    await page.goto(url('/m/rewardCenter'));
    const reward = page.getByTestId('reward-issued');
    await expect.poll(() => reward.count(), SOON).toBe(1);
    await reward.getByTestId('reward-claim').click();
    await expect.poll(() => page.getByTestId('reward-issued').count(), SOON).toBe(0);
    const wallet = await j.t.ctx.db
      .selectFrom('ledger_account')
      .select('balance')
      .where('owner_member_id', '=', member.id)
      .where('kind', '=', 'member_wallet')
      .executeTakeFirstOrThrow();
    expect(wallet.balance).toBe(2600n); // ₱1.00 check-in + ₱25.00 reward
    const axe2 = await seriousViolations(page);
    expect(axe2, describeViolations(axe2)).toEqual([]);
  });

  it('PROMO-002 a member reaches Bronze: the member centre leads to the level benefits, the level-up bonus waits in the reward centre', async () => {
    const member = await createMember(j.t, { username: 'vipplayer' });
    await fundFromClearing(j.t.ctx.db, member.id, 150_000n, j.t.clock.now()); // ₱1,500 deposited
    // ₱6,000 of valid turnover, as the house roll-up counts bets.
    await addToMemberDay(j.t.ctx.db, {
      merchantId: 1,
      memberId: member.id,
      at: j.t.clock.now(),
      product: 'slots',
      figures: { bets: 600_000n, betCount: 12 },
    });
    const { page, url } = await j.newPage({
      storage: sessionStorageFor(await sessionFor(j.t, member), member),
    });
    await page.goto(url('/m/mine'));
    await page.getByTestId('mine-entry-benefits').click();
    const current = page.getByTestId('vip-current');
    await expect.poll(() => current.count(), SOON).toBe(1);
    expect(await current.textContent()).toContain('VIP 1');
    expect(await page.getByTestId('vip-level').count()).toBe(6);
    expect(await page.getByTestId('vip-next').getByRole('progressbar').count()).toBe(2);
    // What keeps Bronze through this month: the month's ₱1,500 and ₱6,000 already meet ₱500 and ₱2,000.
    const keep = page.getByTestId('vip-retention');
    expect(await keep.getByRole('progressbar').count()).toBe(2);
    expect(await keep.textContent()).toContain('Kept');
    const axe = await seriousViolations(page);
    expect(axe, describeViolations(axe)).toEqual([]);
    await current.getByRole('link').click();
    const reward = page.getByTestId('reward-issued');
    await expect.poll(() => reward.count(), SOON).toBe(1);
    expect(await reward.textContent()).toContain('18.00');
  });

  it('PROMO-003 PROMO-005 invite friends from the member centre: link, code and QR; a friend who deposits earns the reward', async () => {
    const inviter = await createMember(j.t, { username: 'inviter01' });
    const { page, url } = await j.newPage({
      storage: sessionStorageFor(await sessionFor(j.t, inviter), inviter),
    });
    await page.goto(url('/m/mine'));
    await page.getByTestId('mine-entry-invite').click();
    const code = page.getByTestId('invite-code');
    await expect.poll(() => code.count(), SOON).toBe(1);
    expect(await page.getByTestId('invite-link').textContent()).toContain(
      `/m/register?ref=${await code.textContent()}`,
    );
    expect(await page.getByTestId('qr-code').count()).toBe(1);
    const axe = await seriousViolations(page);
    expect(axe, describeViolations(axe)).toEqual([]);
    // A friend registered through the link (the server test drives the registration) deposits ₱100.
    const friend = await createMember(j.t, { username: 'invitedfriend' });
    await j.t.ctx.db
      .updateTable('member')
      .set({ referrer_id: inviter.id })
      .where('id', '=', friend.id)
      .execute();
    await fundFromClearing(j.t.ctx.db, friend.id, 10_000n, j.t.clock.now());
    await page.reload();
    const row = page.getByTestId('invite-friend');
    await expect.poll(() => row.count(), SOON).toBe(1);
    expect(await row.textContent()).toContain('Reward earned');
    expect(await page.getByTestId('invite-earned').textContent()).toContain('20.00');
  });

  it('MINE-027 MINE-029 takes today’s rebate from the member centre; my rebate lists it with its lines', async () => {
    const member = await createMember(j.t, { username: 'rebateplayer' });
    // ₱2,000 of slots today, as the house roll-up counts bets: ₱10.00 at 0.50 %.
    await addToMemberDay(j.t.ctx.db, {
      merchantId: 1,
      memberId: member.id,
      at: j.t.clock.now(),
      product: 'slots',
      figures: { bets: 200_000n, betCount: 4 },
    });
    const { page, url } = await j.newPage({
      storage: sessionStorageFor(await sessionFor(j.t, member), member),
    });
    await page.goto(url('/m/mine'));
    await page.getByTestId('mine-entry-manualRebate').click();
    const take = page.getByTestId('rebate-claim');
    await expect.poll(() => take.count(), SOON).toBe(1);
    expect(await page.getByTestId('rebate-line').count()).toBe(1);
    expect(await take.textContent()).toContain('10.00');
    const axe = await seriousViolations(page);
    expect(axe, describeViolations(axe)).toEqual([]);
    await take.click();
    await expect.poll(() => page.getByTestId('rebate-line').count(), SOON).toBe(0);
    expect(await page.getByTestId('rebate-taken').textContent()).toContain('10.00');
    const wallet = await j.t.ctx.db
      .selectFrom('ledger_account')
      .select('balance')
      .where('owner_member_id', '=', member.id)
      .where('kind', '=', 'member_wallet')
      .executeTakeFirstOrThrow();
    expect(wallet.balance).toBe(1_000n);
    await page.getByRole('link', { name: 'My rebate' }).click();
    // The server's day is the test clock's, not the browser's: ask for that day.
    await page.getByTestId('range-custom').click();
    await page.getByTestId('range-from').fill('2026-06-01');
    await page.getByTestId('range-to').fill('2026-06-01');
    const item = page.getByTestId('rebate-item');
    await expect.poll(() => item.count(), SOON).toBe(1);
    expect(await item.textContent()).toContain('Taken by me');
    // The last range's answer is in (a list being fetched again is dimmed).
    await expect.poll(() => page.locator('[aria-busy="true"]').count(), SOON).toBe(0);
    const axe2 = await seriousViolations(page);
    expect(axe2, describeViolations(axe2)).toEqual([]);
  });

  it('VALID-037 applies to a promotion with an image; ops01 approves it by the operator API; the reward is claimed, the withdrawal shows its turnover requirement until the bonus is given up', async () => {
    const member = await createMember(j.t, { username: 'applicant01' });
    const ops = await sessionFor(j.t, await createMember(j.t, { type: MEMBER_TYPE.OPERATOR }));
    const { page, url } = await j.newPage({
      storage: sessionStorageFor(await sessionFor(j.t, member), member),
    });
    await page.goto(url('/m/activity'));
    const card = page.getByTestId('promotion').filter({ hasText: 'Share your big win' });
    await card.getByTestId('promotion-details').click();
    const form = page.getByTestId('apply-form');
    await expect.poll(() => form.count(), SOON).toBe(1);
    await page.getByTestId('apply-comment').fill('Won ₱1,250 on a ₱10 spin!');
    expect(await page.getByTestId('apply-count').textContent()).toContain('25 / 140');
    await page.getByTestId('apply-images').setInputFiles({
      name: 'win.png',
      mimeType: 'image/png',
      buffer: pngImage({ width: 32, height: 32 }),
    });
    await expect.poll(() => page.locator('[data-testid="image-previews"] img').count(), SOON).toBe(1);
    const axe = await seriousViolations(page);
    expect(axe, describeViolations(axe)).toEqual([]);
    await page.getByTestId('apply-submit').click();
    await expect.poll(() => page.getByTestId('apply-waiting').count(), SOON).toBe(1);

    const api = `http://127.0.0.1:${j.port}/api/ops/promotions/applications`;
    const queue = (await (await fetch(api, { headers: { authorization: `Bearer ${ops}` } })).json()) as {
      value: { list: { id: string; username: string; images: number }[] };
    };
    const mine = queue.value.list.find((a) => a.username === 'applicant01')!;
    expect(mine.images).toBe(1);
    const approved = await fetch(`${api}/${mine.id}/review`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ops}`, 'content-type': 'application/json' },
      body: JSON.stringify({ approve: true }),
    });
    expect(approved.status).toBe(200);

    await page.goto(url('/m/rewardCenter'));
    const reward = page.getByTestId('reward-issued');
    await expect.poll(() => reward.count(), SOON).toBe(1);
    expect(await reward.textContent()).toContain('88.00');
    await reward.getByTestId('reward-claim').click();
    await expect.poll(() => page.getByTestId('reward-issued').count(), SOON).toBe(0);
    await page.goto(url('/m/withdraw'));
    const block = page.getByTestId('withdraw-wagering-block');
    await expect.poll(() => block.count(), SOON).toBe(1);
    expect(await block.textContent()).toContain('88.00');
    // Issue 18 item 4: the member gives the bonus up (login password) and the withdrawal is free again.
    await page.getByTestId('forfeit-open').click();
    await page.getByTestId('forfeit-password').fill(member.password);
    await page.getByTestId('forfeit-submit').click();
    await expect.poll(() => block.count(), SOON).toBe(0);
  });

  it('MINE-028 opens mission activity from the member centre, claims a reached mission and finds itself on the race board', async () => {
    const member = await createMember(j.t, { username: 'racer01' });
    await addToMemberDay(j.t.ctx.db, {
      merchantId: 1,
      memberId: member.id,
      at: j.t.clock.now(),
      product: 'slots',
      figures: { bets: 150_000n, betCount: 6 },
    });
    const { page, url } = await j.newPage({
      storage: sessionStorageFor(await sessionFor(j.t, member), member),
    });
    await page.goto(url('/m/mine'));
    await page.getByTestId('mine-entry-mission').click();
    const claim = page.getByTestId('mission-claim');
    await expect.poll(() => claim.count(), SOON).toBe(1);
    expect(await page.getByTestId('race-me').textContent()).toContain('1,500.00');
    const axe = await seriousViolations(page);
    expect(axe, describeViolations(axe)).toEqual([]);
    await claim.click();
    await expect.poll(() => page.getByTestId('mission-done').count(), SOON).toBe(1);
  });
});
