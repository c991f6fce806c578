import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameLaunchReply } from '@panalo/contract/game-launch';
import type { GameListReply } from '@panalo/contract/games';
import { parseAmount } from '@panalo/contract/money';
import type { ReconBreak, ReconBreakStory, ReconRun } from '@panalo/contract/reconciliation';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { bearer, createMember, createStaffMember, sessionFor } from '../../test-support/members';
import { expectLedgerClean } from '../../test-support/ledger';
import { createDeposit, player, walletOf } from '../deposits/deposits.test-helpers';
import { seedGames } from '../games/games.seed';
import { seedGameWallet } from '../game-wallet/game-wallet.seed';
import { fundWallet } from '../game-wallet/vendor-client';
import { dailyCloseService } from '../daily-close/daily-close.service';
import { HUB88_VENDOR } from '../hub88/hub88-setup';
import { startHub88 } from '../hub88/hub88.setup';
import { startPaymentSimulator } from '../payments/payments.setup';
import type { PaySim } from '../payments/paysim/paysim.server';
import { simFeeOf } from '../payments/paysim/paymongo-sim';
import { startVendorSimulator } from '../vendor-sim/vendor-sim.setup';
import type { VendorSim } from '../vendor-sim/vendor-sim.server';
import { rollUpHouse } from '../wallet/house-rollup';
import { reconciliationService } from './reconciliation.service';

// Reconciliation of a closed day with Hub88 and PayMongo (issue 52 items 2–4), against the simulators
// over real loopback HTTP: rounds played on the simulator's Hub88, deposits paid at its PayMongo, and
// breaks planted at each (a round paid twice, a win never delivered, a payment whose webhook never
// came, an amount one centavo off).

type Ok<T> = { success: true; value: T; code?: string };
const DAY = '2032-05-10';

describe('reconciliation with Hub88 and PayMongo (issue 52)', () => {
  let t: TestApp;
  let vendorSim: VendorSim;
  let paysim: PaySim;
  let merchantId: number;
  /** The deposits paid at PayMongo: credited, never notified, a centavo off. */
  const paid: string[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    t.clock.set(new Date(`${DAY}T09:00:00Z`));
    await seedGames(t.ctx.db);
    await seedGameWallet(t.ctx.db);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
    vendorSim = await startVendorSimulator(t.ctx.db, {
      apiBaseUrl: base,
      hub88: t.ctx.hub88,
      now: () => t.clock.now(),
    });
    await startHub88(t.ctx.db, t.ctx.hub88, () => {});
    paysim = await startPaymentSimulator(t.ctx.db, t.clock, {
      callbackBaseUrl: base,
      retry: { baseMs: 20 },
      paymongo: true,
    });
    merchantId = (
      await t.ctx.db
        .selectFrom('merchant')
        .select('id')
        .where('code', '=', 'panalo')
        .executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(async () => {
    await vendorSim?.close();
    await paysim?.idle();
    await paysim?.close();
    await expectLedgerClean(t.ctx.db);
    await t.close();
  });

  /** A player with ₱100.00 who plays `rounds` ₱5.00 rounds of a Hub88 slot on the simulator. */
  async function hub88Player(rounds: number) {
    const m = await createMember(t, {});
    await fundWallet(t.ctx.db, {
      merchantId,
      memberId: m.id,
      currency: 'PHP',
      amount: 10_000n,
      key: `rc-${m.id}`,
    });
    const session = await sessionFor(t, m);
    const games = await t.request<Ok<GameListReply>>({
      method: 'GET',
      url: '/api/games/list',
      query: { vassalage: HUB88_VENDOR, gameType: 'RNG', pageSize: '100' },
      headers: { merchant: 'panalo' },
    });
    const g = games.body.value.games.find((x) => x.gameId === 'h88_golden_carabao')!;
    const launched = await t.request<Ok<GameLaunchReply>>({
      method: 'POST',
      url: '/api/games/launch',
      headers: { merchant: 'panalo', ...bearer(session) },
      payload: {
        category: 'RNG',
        vendor: HUB88_VENDOR,
        gameId: g.gameId,
        nodeId: g.nodeId,
        backUrl: '/m/gameList',
        language: 'EN',
      },
    });
    expect(launched.status).toBe(200);
    const url = new URL(launched.body.value.gameUrl);
    await fetch(url);
    for (let i = 0; i < rounds; i++) {
      const r = await fetch(`${vendorSim.url}/api/round`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token: url.searchParams.get('token'), merchant: 'panalo', stake: '5.00' }),
      });
      expect(r.status).toBe(200);
    }
    return m;
  }

  const recon = () => reconciliationService(t.ctx.db, { hub88: t.ctx.hub88, lists: { backoffMs: 10 } });
  const runOf = (runs: ReconRun[], source: string) => runs.find((r) => r.source === source)!;

  it('a closed day is compared with both sources: planted breaks are found (a round paid twice and a win never delivered at Hub88, a payment never credited and one a centavo off at PayMongo), nothing else; a re-run changes nothing', async () => {
    await hub88Player(3);
    expect(vendorSim.hub88Book.plant('double_round', 'panalo', t.clock.now())).not.toBeNull();
    await hub88Player(1);
    expect(vendorSim.hub88Book.plant('unanswered_win', 'panalo', t.clock.now())).not.toBeNull();

    const p = await player(t);
    for (const [amount, how] of [
      ['200.00', 'paid'],
      ['300.00', 'silent'],
      ['400.00', 'off'],
    ] as const) {
      const made = await createDeposit(t, p.headers, { methodCode: 'GCASH', amount });
      expect(made.status).toBe(200);
      const ref = made.body.value.order.providerRef!;
      await paysim.paymongo.pay(ref, 'paid', { webhook: how !== 'silent' });
      if (how === 'off') paysim.paymongo.plant(ref, 'amount_off');
      paid.push(made.body.value.order.id);
    }
    await paysim.idle();
    expect(await walletOf(t, merchantId, p.m.id)).toBe(60_000n);

    t.clock.set(new Date('2032-05-11T01:00:00Z'));
    await rollUpHouse(t.ctx.db);
    const closes = dailyCloseService(t.ctx.db);
    const closed = await closes.closeDay({ merchantId, day: DAY, runBy: 'test', now: t.clock.now() });
    const runs = await recon().reconcileDay({ merchantId, day: DAY, runBy: 'test', now: t.clock.now() });

    const hub88 = runOf(runs, 'hub88');
    // Four rounds: a bet and a win each, and the two planted wins.
    expect(hub88).toMatchObject({ status: 'done', theirs: 10, ours: 8, matched: 8, breaks: 2 });
    const payMongo = runOf(runs, 'paymongo');
    expect(payMongo).toMatchObject({ status: 'done', theirs: 3, ours: 2, matched: 1, breaks: 2 });
    // PayMongo's fees: the merchant's cost, on every paid payment (the one a centavo off included).
    const fees = simFeeOf(20_000) + simFeeOf(30_000) + simFeeOf(40_001);
    expect(payMongo.fees).toBe((fees / 100).toFixed(2));

    const breaks = await recon().breaks(merchantId, { day: DAY });
    const kinds = breaks.map((b) => `${b.source} ${b.kind} ${b.owed}`).sort();
    expect(kinds).toHaveLength(4);
    expect(kinds.filter((k) => k.startsWith('hub88 only_theirs'))).toHaveLength(2);
    expect(kinds).toContain('paymongo only_theirs 300.00');
    expect(kinds).toContain('paymongo amount_differs 0.01');

    // Again: the same runs, no second break, the closed day as it was.
    const again = await recon().reconcileDay({ merchantId, day: DAY, runBy: 'test', now: t.clock.now() });
    expect(again).toEqual(runs);
    expect(await recon().breaks(merchantId, { day: DAY })).toHaveLength(4);
    expect(await closes.find(merchantId, DAY)).toEqual(closed);
  });

  it('finance reads the queue and a break’s whole story, resolves each once with a reason (audited; money moves once, through the ledger), and signs the day only once none is open', async () => {
    const finance = await createStaffMember(t, 'finance');
    const fin = await sessionFor(t, finance);
    const support = await sessionFor(t, await createStaffMember(t, 'support'));
    const call = <T>(method: 'GET' | 'POST', url: string, payload?: unknown, token = fin) =>
      t.request<Ok<T>>({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

    const queue = await call<{ list: ReconBreak[] }>('GET', '/api/ops/reconciliation/breaks?status=open');
    expect(queue.status).toBe(200);
    expect(queue.body.value.list).toHaveLength(4);
    expect((await call('GET', '/api/ops/reconciliation/breaks', undefined, support)).status).toBe(403);

    const day = await call<{ runs: ReconRun[]; breaks: ReconBreak[] }>(
      'GET',
      `/api/ops/daily-close/${DAY}/reconciliation`,
    );
    expect(day.body.value.runs.map((r) => r.source)).toEqual(['hub88', 'paymongo']);

    const signed = await call('POST', `/api/ops/daily-close/${DAY}/sign`);
    expect([signed.status, signed.body.code]).toEqual([409, 'close_breaks_open']);

    // The round paid twice: Hub88's three transactions of the round, our two calls and their legs.
    const double = queue.body.value.list.find((b) => b.source === 'hub88' && !b.round!.endsWith('-lost'))!;
    const story = await call<ReconBreakStory>('GET', `/api/ops/reconciliation/breaks/${double.id}`);
    expect(story.status).toBe(200);
    expect(story.body.value.theirs.map((x) => x.kind).sort()).toEqual(['bet', 'win', 'win']);
    expect(story.body.value.calls.map((x) => x.kind)).toEqual(['bet', 'win']);
    expect(story.body.value.calls.every((c) => c.answer.includes('balance'))).toBe(true);
    expect(story.body.value.entries.length).toBeGreaterThan(0);

    // The win Hub88 booked and never delivered: a credit of exactly that win.
    const lost = queue.body.value.list.find((b) => b.source === 'hub88' && b.round!.endsWith('-lost'))!;
    expect(lost.kind).toBe('only_theirs');
    // Wrong direction, bad reasons and bad ids are refused; nothing is written.
    const resolve = (id: string, body: unknown) =>
      call<ReconBreak>('POST', `/api/ops/reconciliation/breaks/${id}/resolve`, body);
    expect((await resolve(lost.id, { resolution: 'debit', reason: 'Hub88 paid it twice' })).body.code).toBe(
      'recon_resolution_direction',
    );
    expect((await resolve(lost.id, { resolution: 'credit', reason: 'bad\u0000reason' })).status).toBe(400);
    expect((await resolve('abc', { resolution: 'credit', reason: 'Fine reason' })).status).toBe(400);
    expect(
      (await resolve('99999999999999999999', { resolution: 'credit', reason: 'Fine reason' })).status,
    ).toBe(400);
    expect((await resolve('999999', { resolution: 'credit', reason: 'Fine reason' })).status).toBe(404);

    const member = BigInt(lost.memberId!);
    const before = await walletOf(t, merchantId, member);
    const first = await resolve(lost.id, {
      resolution: 'credit',
      reason: 'Hub88 paid the round twice; it holds the money',
    });
    expect([first.status, first.body.code]).toEqual([200, undefined]);
    expect(first.body.value).toMatchObject({ status: 'resolved', resolution: 'credit', moved: lost.owed });
    const twice = await resolve(lost.id, { resolution: 'credit', reason: 'Again' });
    expect([twice.status, twice.body.code]).toEqual([409, 'recon_break_resolved']);
    const owed = parseAmount(lost.owed)!;
    expect(await walletOf(t, merchantId, member)).toBe(before + owed);
    const audited = await t.ctx.db
      .selectFrom('audit_log')
      .select(['actor', 'details'])
      .where('action', '=', 'recon.resolve')
      .where('target', '=', `recon_break:${lost.id}`)
      .execute();
    expect(audited).toHaveLength(1);
    expect(audited[0]!.actor).toBe(`operator:${finance.id}`);

    // The payment never credited: its deposit is credited now (a late webhook would find it paid).
    const missing = queue.body.value.list.find((b) => b.source === 'paymongo' && b.kind === 'only_theirs')!;
    const credited = await resolve(missing.id, {
      resolution: 'credit',
      reason: 'PayMongo took it; webhook lost',
    });
    expect(credited.body.value).toMatchObject({ resolution: 'credit', moved: '300.00' });
    const deposit = await t.ctx.db
      .selectFrom('deposit_order')
      .select(['status', 'member_id'])
      .where('id', '=', BigInt(paid[1]!))
      .executeTakeFirstOrThrow();
    expect(deposit.status).toBe('paid');
    expect(await walletOf(t, merchantId, deposit.member_id)).toBe(90_000n);

    for (const b of queue.body.value.list.filter(
      (x) => x.status === 'open' && x.id !== lost.id && x.id !== missing.id,
    ))
      expect(
        (
          await resolve(b.id, {
            resolution: 'explained',
            reason: 'Hub88 reverses its duplicate; PayMongo confirms the centavo',
          })
        ).status,
      ).toBe(200);

    // The corrections were booked today, not on the day signed: its finance member signs it.
    const ok = await call('POST', `/api/ops/daily-close/${DAY}/sign`);
    expect(ok.status).toBe(200);
    await expectLedgerClean(t.ctx.db);
  });

  it('a payment PayMongo refunded after crediting it is a break that takes the money back once (debit), never more', async () => {
    t.clock.set(new Date('2032-05-12T09:00:00Z'));
    const p = await player(t);
    const made = await createDeposit(t, p.headers, { methodCode: 'GCASH', amount: '250.00' });
    const ref = made.body.value.order.providerRef!;
    await paysim.paymongo.pay(ref, 'paid');
    await paysim.idle();
    expect(await walletOf(t, merchantId, p.m.id)).toBe(25_000n);
    paysim.paymongo.plant(ref, 'refund');

    t.clock.set(new Date('2032-05-13T01:00:00Z'));
    await rollUpHouse(t.ctx.db);
    await dailyCloseService(t.ctx.db).closeDay({
      merchantId,
      day: '2032-05-12',
      runBy: 'test',
      now: t.clock.now(),
    });
    const runs = await recon().reconcileDay({
      merchantId,
      day: '2032-05-12',
      runBy: 'test',
      now: t.clock.now(),
    });
    expect(runOf(runs, 'paymongo')).toMatchObject({ theirs: 1, ours: 1, matched: 0, breaks: 1 });
    const [refunded] = await recon().breaks(merchantId, { day: '2032-05-12' });
    expect(refunded).toMatchObject({ kind: 'refunded', owed: '-250.00', memberId: p.m.id.toString() });

    const staff = await createStaffMember(t, 'finance');
    const resolve = (resolution: 'credit' | 'debit') =>
      recon().resolve({
        merchantId,
        currency: 'PHP',
        id: BigInt(refunded!.id),
        resolution,
        reason: 'PayMongo refunded the payment to the payer',
        staff: { memberId: staff.id, username: staff.username },
        ip: '127.0.0.1',
        now: t.clock.now(),
      });
    await expect(resolve('credit')).rejects.toMatchObject({ code: 'recon_resolution_direction' });
    expect(await resolve('debit')).toMatchObject({ resolution: 'debit', moved: '-250.00' });
    await expect(resolve('debit')).rejects.toMatchObject({ code: 'recon_break_resolved' });
    expect(await walletOf(t, merchantId, p.m.id)).toBe(0n);
  });

  it('another merchant’s staff see none of it', async () => {
    const luzon = await sessionFor(t, await createStaffMember(t, 'finance', 'luzon'));
    const [one] = await reconciliationService(t.ctx.db).breaks(merchantId, {});
    const res = await t.request<Ok<ReconBreakStory>>({
      method: 'GET',
      url: `/api/ops/reconciliation/breaks/${one!.id}`,
      headers: { ...bearer(luzon), host: 'luzon.localhost' },
    });
    expect(res.status).toBe(404);
    const resolved = await t.request({
      method: 'POST',
      url: `/api/ops/reconciliation/breaks/${one!.id}/resolve`,
      headers: { ...bearer(luzon), host: 'luzon.localhost' },
      payload: { resolution: 'explained', reason: 'Not ours to say' },
    });
    expect(resolved.status).toBe(404);
  });
});
