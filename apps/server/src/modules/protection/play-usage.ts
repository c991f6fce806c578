import { LIMIT_SPAN_MS, LIMIT_SPANS, type LimitSpan } from '@panalo/contract/protection';
import { sql } from 'kysely';
import type { Database } from '../../db/database';

/** The ledger kinds that are play, seen from the wallet: stakes (and their refunds) and wins. */
export const PLAY_KINDS = ['bet', 'rollback', 'lottery_bet', 'lottery_refund', 'win', 'lottery_win'];
/** The stakes and their refunds: what a wager limit counts. */
export const STAKE_KINDS = ['bet', 'rollback', 'lottery_bet', 'lottery_refund'];

export type PlayUsage = Record<'wager' | 'loss', Record<LimitSpan, bigint>>;

/**
 * DESIGN.md wants the limits to read the per-member activity aggregates of the `stats` module. That
 * module does not exist yet (it comes with the agency, #16); until then the spans are summed from the
 * wallet's ledger entries (index ledger_entry_account_time), and only for members who set a wager or loss
 * limit. When the aggregates land, per hour and maintained in the bet's own transaction, this reads them.
 *
 * What a wallet staked (less refunds) and lost (stakes less wins and refunds; below zero when ahead)
 * over each rolling span up to `now`, from its ledger entries.
 */
export async function playUsage(db: Database, wallet: bigint, now: Date): Promise<PlayUsage> {
  const since = (span: LimitSpan) => new Date(now.getTime() - LIMIT_SPAN_MS[span]);
  const r = await sql<Record<string, string>>`
    select
      ${sql.join(
        LIMIT_SPANS.flatMap((span) => [
          sql`coalesce(sum(-e.amount) filter (where e.created_at > ${since(span)}
            and t.kind in (${sql.join(STAKE_KINDS)})), 0)::text as ${sql.ref(`wager_${span}`)}`,
          sql`coalesce(sum(-e.amount) filter (where e.created_at > ${since(span)}), 0)::text
            as ${sql.ref(`loss_${span}`)}`,
        ]),
      )}
    from ledger_entry e join ledger_transfer t on t.id = e.transfer_id
    where e.account_id = ${wallet} and e.created_at > ${since('month')}
      and e.created_at <= ${now} and t.kind in (${sql.join(PLAY_KINDS)})`.execute(db);
  const row = r.rows[0] ?? {};
  const of = (kind: 'wager' | 'loss') =>
    Object.fromEntries(LIMIT_SPANS.map((s) => [s, BigInt(row[`${kind}_${s}`] ?? '0')])) as Record<
      LimitSpan,
      bigint
    >;
  return { wager: of('wager'), loss: of('loss') };
}

/** What counts against a wager or loss limit since `since`, entry by entry, oldest first. */
export async function playCounted(db: Database, wallet: bigint, kind: 'wager' | 'loss', since: Date) {
  const r = await sql<{ at: Date; amount: string }>`
    select e.created_at as at, (-e.amount)::text as amount
    from ledger_entry e join ledger_transfer t on t.id = e.transfer_id
    where e.account_id = ${wallet} and e.created_at > ${since}
      and t.kind in (${sql.join(kind === 'wager' ? STAKE_KINDS : PLAY_KINDS)})
    order by e.created_at, e.id`.execute(db);
  return r.rows.map((x) => ({ at: new Date(x.at), amount: BigInt(x.amount) }));
}
