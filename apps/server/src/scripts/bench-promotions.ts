// npm run bench:promotions — the promotion engine on PostgreSQL (issue 18 "Proof"), what is built so far.
// Set-up (bulk SQL on a scratch database): one hot promotion of the demo merchant (no budget, 1×
// turnover) and 30,000 players (BENCH_MEMBERS), each with a session and one issued reward of it. Then 32
// keep-alive HTTP clients claim rewards (POST /api/rewards/:id/claim, each reward once; every claim is
// one call of promotion_claim_reward: the claim's status, the turnover requirement, the ledger transfer,
// the budget) for 10 s:
// claims per second ≥ 1,000 and p99 ≤ 50 ms, counting only claims that succeeded. The figure counts only
// if afterwards the ledger moved exactly the sum of the claimed rewards to the members' wallets (else it is
// no measurement). The daily rebate run is not built yet: an info line says so.
// Prints the header and one line per figure; exits 0 either way.
import { sql } from 'kysely';
import { openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrator';
import { seedDemo } from '../db/seed/seed';
import { systemClock } from '../lib/clock';
import {
  BenchHttpClient,
  CLIENTS,
  drive,
  line,
  p99,
  perSecond,
  refusalCode,
  refusals,
  runBench,
  startApi,
} from './bench-support';
import { infoLine } from '../../../../scripts/bench-lines.mjs';

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 30_000);
const AMOUNT = 500n; // ₱5.00

runBench('promotions', async (url) => {
  const handle = await openDatabase({ kind: 'postgres', url, poolSize: 10 });
  const db = handle.db;
  try {
    await migrateToLatest(db);
    await seedDemo(db, systemClock);
    const merchant = await db
      .selectFrom('merchant')
      .select('id')
      .where('code', '=', 'panalo')
      .executeTakeFirstOrThrow();
    const promotion = await db
      .insertInto('promotion')
      .values({
        merchant_id: merchant.id,
        code: 'BENCH-HOT',
        kind: 'manual',
        texts: JSON.stringify({ EN: { title: 'Bench', terms: '' } }),
        period: 'once',
        reward: JSON.stringify({ type: 'fixed', amount: String(AMOUNT) }),
        wagering_multiplier_tenths: 10,
        budget: null,
        starts_at: new Date(Date.now() - 86_400_000),
        created_at: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const t0 = performance.now();
    await sql`
      insert into member (merchant_id, username, password_hash, type, created_at)
      select ${merchant.id}::int, 'pb_' || g, 'bench-no-login', 0, now() - interval '30 days'
      from generate_series(1, ${MEMBERS}::int) g`.execute(db);
    await sql`
      insert into member_session (merchant_id, member_id, token_hash, kind, created_at, expires_at, last_seen_at)
      select ${merchant.id}::int, id, encode(sha256(convert_to('promo-bench-session-' || id, 'UTF8')), 'hex'),
        'session', now(), now() + interval '1 day', now()
      from member where username like 'pb\\_%'`.execute(db);
    const claims = await sql<{ id: string; member: string }>`
      insert into promotion_claim (merchant_id, promotion_id, member_id, period_key, status, amount, terms,
        created_at, updated_at)
      select ${merchant.id}::int, ${promotion.id}::bigint, id, 'once', 'issued', ${AMOUNT}::bigint,
        '{"title":{"EN":{"title":"Bench","terms":""}},"wageringTenths":10}', now(), now()
      from member where username like 'pb\\_%'
      returning id::text, member_id::text as member`.execute(db);
    await sql`vacuum (analyze)`.execute(db);
    infoLine('promotions-setup', `${MEMBERS} members, each with a session and one issued reward`);
    infoLine('promotions-setup-time', (performance.now() - t0) / 1000, 's');

    const api = await startApi(url);
    const clients = await Promise.all(
      Array.from({ length: CLIENTS }, () => BenchHttpClient.connect(api.port)),
    );
    try {
      // Each client takes its own slice of the rewards, in order: every claim is a first claim.
      const queue = claims.rows;
      let next = 0;
      const f = await drive(async (i) => {
        const c = queue[next++];
        if (!c) return 'out_of_rewards';
        const res = await clients[i]!.post(
          `/api/rewards/${c.id}/claim`,
          { merchant: 'panalo', authorization: `Bearer promo-bench-session-${c.member}` },
          '',
        );
        return res.status === 200 ? null : refusalCode(res);
      });
      const check = await sql<{ claimed: string; n: string; wallets: string }>`
        select (select coalesce(sum(amount), 0)::text from promotion_claim
             where promotion_id = ${promotion.id}::bigint and status = 'claimed') as claimed,
          (select count(*)::text from promotion_claim
             where promotion_id = ${promotion.id}::bigint and status = 'claimed') as n,
          (select coalesce(sum(e.amount), 0)::text from ledger_entry e
             join ledger_transfer t on t.id = e.transfer_id
             join ledger_account a on a.id = e.account_id
             where t.kind = 'promotion_bonus' and t.memo = 'BENCH-HOT' and a.kind = 'member_wallet') as wallets`.execute(
        db,
      );
      const c = check.rows[0]!;
      const consistent = c.claimed === c.wallets;
      infoLine(
        'promotions-claims-credited',
        `${c.n} claims, claimed ${c.claimed}, to wallets ${c.wallets} (minor units)`,
      );
      line('promotions-claim-rate', consistent ? perSecond(f) : Number.NaN, '/s', '>=', 1_000);
      line('promotions-claim-p99', consistent ? p99(f) : Number.NaN, 'ms', '<=', 50);
      refusals('promotions-claim', f);
    } finally {
      for (const c of clients) c.close();
      await api.close();
    }
    infoLine('promotions-daily-rebate', 'not built yet (issue 18): no figure');
  } finally {
    await handle.close();
  }
});
