import { sql } from 'kysely';
import type { Database } from '../../db/database';
import type { LedgerBook } from '../../db/schema';
import type { SeedPair } from '../fairness/seed-pair';

export interface SeedRow {
  id: bigint;
  server_seed: string;
  server_seed_hash: string;
  client_seed: string;
  nonce: number;
}

export interface RoundRow {
  id: bigint;
  game: string;
  seed_id: bigint;
  nonce: number;
  book: LedgerBook;
  bet: Record<string, unknown>;
  stake: bigint;
  payout: bigint;
  multiplier: string;
  outcome: unknown;
  status: 'open' | 'pending' | 'settled' | 'refused';
  refusal: string | null;
  request_hash: string;
  created_at: Date;
  /** Open (mines) rounds: when the stake was debited; null otherwise. */
  staked_at: Date | null;
  server_seed_hash: string;
  client_seed: string;
  /** Null while the pair is live: the seed is secret until rotation. */
  revealed_seed: string | null;
}

interface Owner {
  merchantId: number;
  memberId: bigint;
}

const roundColumns = sql`r.id, r.game, r.seed_id, r.nonce, r.book, r.bet, r.stake, r.payout, r.multiplier,
  r.outcome, r.status, r.refusal, r.request_hash, r.created_at, r.staked_at, s.server_seed_hash, s.client_seed,
  case when s.active then null else s.server_seed end as revealed_seed`;

/** SQL of in-house play; every query is bounded by merchant and member. */
export const inhousePlayRepository = {
  /** The member's live pair, created on first use (race-safe: the partial unique index decides). */
  async activeSeed(db: Database, o: Owner, fresh: () => SeedPair, at: Date): Promise<SeedRow> {
    const find = () =>
      db
        .selectFrom('inhouse_seed')
        .select(['id', 'server_seed', 'server_seed_hash', 'client_seed', 'nonce'])
        .where('merchant_id', '=', o.merchantId)
        .where('member_id', '=', o.memberId)
        .where('active', '=', true)
        .executeTakeFirst();
    const found = await find();
    if (found) return found;
    const p = fresh();
    await sql`insert into inhouse_seed (merchant_id, member_id, server_seed, server_seed_hash, client_seed, created_at)
      values (${o.merchantId}, ${o.memberId}, ${p.serverSeed}, ${p.serverSeedHash}, ${p.clientSeed}, ${at})
      on conflict (merchant_id, member_id) where active do nothing`.execute(db);
    const made = await find();
    if (!made) throw new Error('no live seed pair after creating one');
    return made;
  },

  /** Takes the next nonce of the live pair (row-locked increment: each round gets its own nonce). */
  async takeNonce(trx: Database, o: Owner): Promise<SeedRow | undefined> {
    return sql<SeedRow>`
      update inhouse_seed set nonce = nonce + 1
      where merchant_id = ${o.merchantId} and member_id = ${o.memberId} and active
      returning id, server_seed, server_seed_hash, client_seed, nonce - 1 as nonce`
      .execute(trx)
      .then((r) => r.rows[0]);
  },

  async insertRound(
    trx: Database,
    o: Owner & {
      game: string;
      seedId: bigint;
      nonce: number;
      book: LedgerBook;
      bet: Record<string, unknown>;
      stake: bigint;
      payout: bigint;
      multiplier: string;
      outcome: unknown;
      key: string;
      hash: string;
      at: Date;
      /** 'open': a mines round played tile by tile (one per member and game; a second start conflicts). */
      status?: 'open' | 'pending';
    },
  ): Promise<bigint | null> {
    const r = await sql<{ id: bigint }>`
      insert into inhouse_round (merchant_id, member_id, game, seed_id, nonce, book, bet, stake, payout,
        multiplier, outcome, status, idempotency_key, request_hash, created_at)
      values (${o.merchantId}, ${o.memberId}, ${o.game}, ${o.seedId}, ${o.nonce}, ${o.book},
        ${JSON.stringify(o.bet)}::jsonb, ${o.stake}, ${o.payout}, ${o.multiplier},
        ${JSON.stringify(o.outcome)}::jsonb, ${o.status ?? 'pending'}, ${o.key}, ${o.hash}, ${o.at})
      on conflict do nothing
      returning id`.execute(trx);
    return r.rows[0]?.id ?? null;
  },

  async roundByKey(db: Database, o: Owner, key: string): Promise<RoundRow | undefined> {
    const r =
      await sql<RoundRow>`select ${roundColumns} from inhouse_round r join inhouse_seed s on s.id = r.seed_id
      where r.merchant_id = ${o.merchantId} and r.member_id = ${o.memberId} and r.idempotency_key = ${key}`.execute(
        db,
      );
    return r.rows[0];
  },

  async roundById(db: Database, o: Owner, id: bigint): Promise<RoundRow | undefined> {
    const r =
      await sql<RoundRow>`select ${roundColumns} from inhouse_round r join inhouse_seed s on s.id = r.seed_id
      where r.merchant_id = ${o.merchantId} and r.member_id = ${o.memberId} and r.id = ${id}`.execute(db);
    return r.rows[0];
  },

  /** A round refused before its stake moved (funds, a disabled member): void, never listed. */
  async refuse(db: Database, id: bigint, refusal: string, at: Date) {
    await db
      .updateTable('inhouse_round')
      .set({ status: 'refused', refusal, settled_at: at })
      .where('id', '=', id)
      .where('status', 'in', ['open', 'pending'])
      .execute();
  },

  async markStaked(db: Database, id: bigint, at: Date) {
    await db
      .updateTable('inhouse_round')
      .set({ staked_at: at })
      .where('id', '=', id)
      .where('staked_at', 'is', null)
      .execute();
  },

  /** The member's open round of a game (mines played tile by tile), if any. */
  async openRound(db: Database, o: Owner, game: string): Promise<RoundRow | undefined> {
    const r =
      await sql<RoundRow>`select ${roundColumns} from inhouse_round r join inhouse_seed s on s.id = r.seed_id
      where r.merchant_id = ${o.merchantId} and r.member_id = ${o.memberId} and r.game = ${game}
        and r.status = 'open'`.execute(db);
    return r.rows[0];
  },

  async hasOpenRound(db: Database, o: Owner): Promise<boolean> {
    const r = await sql<{ n: number }>`select 1 as n from inhouse_round
      where merchant_id = ${o.merchantId} and member_id = ${o.memberId} and status = 'open' limit 1`.execute(
      db,
    );
    return r.rows.length > 0;
  },

  /** One of the member's rounds, row-locked, with its server seed (to draw the final outcome). */
  async lockRound(
    trx: Database,
    o: Owner,
    id: bigint,
  ): Promise<(RoundRow & { server_seed: string }) | undefined> {
    const r = await sql<RoundRow & { server_seed: string }>`
      select ${roundColumns}, s.server_seed from inhouse_round r join inhouse_seed s on s.id = r.seed_id
      where r.merchant_id = ${o.merchantId} and r.member_id = ${o.memberId} and r.id = ${id}
      for update of r`.execute(trx);
    return r.rows[0];
  },

  /** An open round's next safe pick. */
  async savePicks(trx: Database, id: bigint, bet: Record<string, unknown>) {
    await sql`update inhouse_round set bet = ${JSON.stringify(bet)}::jsonb
      where id = ${id} and status = 'open'`.execute(trx);
  },

  /** An open round ends (mine hit or cash-out): its final bet and outcome, then it settles like any round. */
  async finishOpen(
    trx: Database,
    id: bigint,
    f: { bet: Record<string, unknown>; payout: bigint; multiplier: string; outcome: unknown },
  ) {
    await sql`update inhouse_round set status = 'pending', bet = ${JSON.stringify(f.bet)}::jsonb,
        payout = ${f.payout}, multiplier = ${f.multiplier}, outcome = ${JSON.stringify(f.outcome)}::jsonb
      where id = ${id} and status = 'open'`.execute(trx);
  },

  /** Any settled round of the merchant by id, with its seed if revealed (public verification). */
  async settledRound(db: Database, merchantId: number, id: bigint): Promise<RoundRow | undefined> {
    const r =
      await sql<RoundRow>`select ${roundColumns} from inhouse_round r join inhouse_seed s on s.id = r.seed_id
      where r.merchant_id = ${merchantId} and r.id = ${id} and r.status = 'settled'`.execute(db);
    return r.rows[0];
  },

  async setStatus(db: Database, id: bigint, status: 'settled' | 'refused', refusal: string | null, at: Date) {
    await db
      .updateTable('inhouse_round')
      .set({ status, refusal, settled_at: at })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .execute();
  },

  /** The member's last rounds of a game, newest first. */
  async lastRounds(db: Database, o: Owner, game: string, limit: number): Promise<RoundRow[]> {
    const r =
      await sql<RoundRow>`select ${roundColumns} from inhouse_round r join inhouse_seed s on s.id = r.seed_id
      where r.merchant_id = ${o.merchantId} and r.member_id = ${o.memberId} and r.game = ${game}
      order by r.id desc limit ${limit}`.execute(db);
    return r.rows;
  },

  /** Rounds interrupted between the debit and the credit (the member's, any game). */
  async pendingRounds(db: Database, o: Owner): Promise<RoundRow[]> {
    const r =
      await sql<RoundRow>`select ${roundColumns} from inhouse_round r join inhouse_seed s on s.id = r.seed_id
      where r.merchant_id = ${o.merchantId} and r.member_id = ${o.memberId} and r.status = 'pending'
      order by r.id`.execute(db);
    return r.rows;
  },

  /** Ends the live pair (its seed becomes public) and opens the next one, in the caller's transaction. */
  async rotate(trx: Database, o: Owner, next: SeedPair, at: Date): Promise<SeedRow | undefined> {
    const ended = await sql<SeedRow>`
      update inhouse_seed set active = false, revealed_at = ${at}
      where merchant_id = ${o.merchantId} and member_id = ${o.memberId} and active
      returning id, server_seed, server_seed_hash, client_seed, nonce`.execute(trx);
    await sql`insert into inhouse_seed (merchant_id, member_id, server_seed, server_seed_hash, client_seed, created_at)
      values (${o.merchantId}, ${o.memberId}, ${next.serverSeed}, ${next.serverSeedHash}, ${next.clientSeed}, ${at})`.execute(
      trx,
    );
    return ended.rows[0];
  },
};
