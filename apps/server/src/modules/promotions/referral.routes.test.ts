import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionValue } from '@panalo/contract/auth';
import { MEMBER_TYPE } from '@panalo/contract/member';
import type { ReferralView, RewardItem } from '@panalo/contract/promotions';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { bearer, createMember, sessionFor } from '../../test-support/members';
import { newDevice } from '../../test-support/auth-client';
import { expectLedgerClean, fundFromClearing } from '../../test-support/ledger';
import { captchaFor, fromIp, newUsername, register, type Err, type Ok } from '../auth/auth.test-helpers';
import { maskFriend, newReferralCode } from './referral.service';
import { itRaces, oneAfterAnother } from '../../test-support/races';

// Issue 18, invite friends (PROMO-003): my code and link; ₱20 per friend whose deposits reach ₱100, once
// per friend; friends from the inviter's own address and free-trial accounts do not count.

describe('invite friends', () => {
  let t: TestApp;
  let ip = 0;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const view = (token: string, merchant = 'panalo') =>
    t.request<Ok<ReferralView> | Err>({
      method: 'GET',
      url: '/api/promotions/referral?lang=EN',
      headers: { merchant, ...bearer(token) },
    });
  const value = async (token: string) => ((await view(token)).body as Ok<ReferralView>).value;
  /** A friend registering through my link from `address`. */
  async function friendJoins(code: string, address = `10.77.0.${++ip}`) {
    const c = fromIp(t, address);
    const device = newDevice();
    const username = newUsername('friend');
    const res = await register(
      c,
      {
        captcha: await captchaFor(c, device),
        registerMethod: 'H5',
        registerUrl: 'localhost',
        username,
        password: 'Secret123',
        confirmPassword: 'Secret123',
        referralCode: code,
      },
      { device },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const row = await t.ctx.db
      .selectFrom('member')
      .select(['id', 'referrer_id'])
      .where('username', '=', (res.body as Ok<SessionValue>).value.userName)
      .executeTakeFirstOrThrow();
    return row;
  }

  it('codes avoid look-alike characters; friends are shown masked', () => {
    for (let i = 0; i < 50; i++) expect(newReferralCode()).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
    expect(maskFriend('friend12345')).toBe('fr***5');
    expect(maskFriend('abc')).toBe('a**');
  });

  it('PROMO-003 my code and link; a friend who registers with it and deposits ₱100 earns me ₱20 once, claimed in the reward centre', async () => {
    const inviter = await createMember(t);
    const token = await sessionFor(t, inviter);
    const first = await value(token);
    expect(first).toMatchObject({ reward: '20.00', minDeposit: '100.00', rewarded: '0.00', friendCount: 0 });
    expect(first.path).toBe(`/m/register?ref=${first.code}`);
    expect((await value(token)).code).toBe(first.code); // made once
    const friend = await friendJoins(first.code.toLowerCase());
    expect(friend.referrer_id).toBe(inviter.id);
    let v = await value(token);
    expect(v.friends).toEqual([expect.objectContaining({ qualified: false })]);
    await fundFromClearing(t.ctx.db, friend.id, 5_000n, t.clock.now()); // ₱50: not yet
    expect((await value(token)).friends[0]!.qualified).toBe(false);
    await fundFromClearing(t.ctx.db, friend.id, 5_000n, t.clock.now()); // ₱100 in all
    await oneAfterAnother(3, () => value(token));
    v = await value(token);
    expect(v).toMatchObject({ rewarded: '20.00', friendCount: 1 });
    expect(v.friends[0]!.qualified).toBe(true);
    const rewards = await t.request<Ok<{ issued: RewardItem[] }>>({
      method: 'GET',
      url: '/api/rewards?lang=EN',
      headers: bearer(token),
    });
    expect(rewards.body.value.issued.map((r) => [r.title, r.amount])).toEqual([['Invite friends', '20.00']]);
    const claimed = await t.request({
      method: 'POST',
      url: `/api/rewards/${rewards.body.value.issued[0]!.id}/claim`,
      headers: bearer(token),
    });
    expect(claimed.status).toBe(200);
    expect((await value(token)).rewarded).toBe('20.00');
    await expectLedgerClean(t.ctx.db);
  });

  itRaces('PROMO-003 a friend who qualified, seen by three views at once, earns me ₱20 once', async () => {
    const inviter = await createMember(t);
    const token = await sessionFor(t, inviter);
    const friend = await friendJoins((await value(token)).code);
    await fundFromClearing(t.ctx.db, friend.id, 10_000n, t.clock.now());
    await Promise.all([value(token), value(token), value(token)]);
    expect(await value(token)).toMatchObject({ rewarded: '20.00', friendCount: 1 });
    const rewards = await t.request<Ok<{ issued: RewardItem[] }>>({
      method: 'GET',
      url: '/api/rewards?lang=EN',
      headers: bearer(token),
    });
    expect(rewards.body.value.issued.map((r) => [r.title, r.amount])).toEqual([['Invite friends', '20.00']]);
    await expectLedgerClean(t.ctx.db);
  });

  it('a friend from the inviter’s own address is not paid; an unknown code invites no one; trial accounts and a merchant without REFERRAL are refused', async () => {
    const inviter = await createMember(t);
    await t.ctx.db
      .updateTable('member')
      .set({ register_ip: '10.88.0.1' })
      .where('id', '=', inviter.id)
      .execute();
    const token = await sessionFor(t, inviter);
    const { code } = await value(token);
    const twin = await friendJoins(code, '10.88.0.1');
    await fundFromClearing(t.ctx.db, twin.id, 50_000n, t.clock.now());
    const v = await value(token);
    expect(v).toMatchObject({ friendCount: 1, rewarded: '0.00' });
    expect(v.friends[0]!.qualified).toBe(false);
    expect((await friendJoins('NOSUCHCODE')).referrer_id).toBeNull();
    const trial = await sessionFor(t, await createMember(t, { type: MEMBER_TYPE.TRIAL }));
    expect(((await view(trial)).body as Err).code).toBe('referral_off');
    const luzon = await sessionFor(t, await createMember(t, { merchant: 'luzon' }));
    const off = await view(luzon, 'luzon');
    expect([off.status, (off.body as Err).code]).toEqual([403, 'referral_off']);
  });

  it('a friend linked to the inviter by a device, a payee name or a bank card is not paid either (one bonus per person)', async () => {
    const inviter = await createMember(t);
    const token = await sessionFor(t, inviter);
    const { code } = await value(token);
    const [byDevice, byPayee, byCard, stranger] = [
      await friendJoins(code),
      await friendJoins(code),
      await friendJoins(code),
      await friendJoins(code),
    ];
    const session = (memberId: bigint, device: string) =>
      t.ctx.db
        .insertInto('member_session')
        .values({
          merchant_id: 1,
          member_id: memberId,
          token_hash: `links-${memberId}-${device}`,
          kind: 'session',
          device,
          expires_at: new Date(Date.now() + 86_400_000),
        })
        .execute();
    await session(inviter.id, 'phone-7f3a');
    await session(byDevice.id, 'phone-7f3a');
    await t.ctx.db
      .updateTable('member')
      .set({ payee_name: 'Juan Dela Cruz' })
      .where('id', '=', inviter.id)
      .execute();
    await t.ctx.db
      .updateTable('member')
      .set({ payee_name: 'JUAN DELA CRUZ' })
      .where('id', '=', byPayee.id)
      .execute();
    const card = (memberId: bigint, removed: boolean) =>
      t.ctx.db
        .insertInto('member_bank_card')
        .values({
          merchant_id: 1,
          member_id: memberId,
          bank_code: 'BDO',
          card_number_enc: 'x',
          card_last4: '4242',
          card_hash: 'links-card-hash',
          removed_at: removed ? new Date() : null,
        })
        .execute();
    await card(inviter.id, true); // the inviter's card, since removed, then bound by the friend
    await card(byCard.id, false);
    for (const f of [byDevice, byPayee, byCard, stranger])
      await fundFromClearing(t.ctx.db, f.id, 20_000n, t.clock.now());
    const v = await value(token);
    expect(v).toMatchObject({ friendCount: 4, rewarded: '20.00' });
    expect(v.friends.filter((f) => f.qualified)).toHaveLength(1);
  });
});
