import { sql, type Expression, type SqlBool } from 'kysely';
import type { Database } from '../../db/database';
import { findAccountId, type AccountKey } from '../wallet/ledger';

/** A date filter in the merchant's time zone: whole days, both ends inclusive (YYYY-MM-DD). */
export interface DayRange {
  from?: string | undefined;
  to?: string | undefined;
  timeZone: string;
}

export interface TransactionRow {
  id: bigint;
  type: string;
  amount: bigint;
  balance_after: bigint;
  reference: string | null;
  memo: string | null;
  created_at: Date;
}

// A transfer between two members reads from each side: who sends to the upline sees 'transfer_upline',
// the upline receiving it 'transfer_downline'; an agent sending to its team sees 'transfer_to_downline',
// each downline receiving it 'transfer_from_upline'. (ledger kind → [sender's type, receiver's type])
const TWO_SIDED: Record<string, readonly [string, string]> = {
  transfer_upline: ['transfer_upline', 'transfer_downline'],
  transfer_to_downline: ['transfer_to_downline', 'transfer_from_upline'],
};
const memberType = sql<string>`case
  when t.kind = 'transfer_upline' and e.amount > 0 then 'transfer_downline'
  when t.kind = 'transfer_to_downline' and e.amount > 0 then 'transfer_from_upline'
  else t.kind end`;
// Local midnight of a day in the zone, as an instant: the bounds of a whole-day filter.
const dayStart = (day: string, tz: string) => sql<Date>`((${day}::date)::timestamp at time zone ${tz})`;
const dayEnd = (day: string, tz: string) => sql<Date>`((${day}::date + 1)::timestamp at time zone ${tz})`;

/** SQL for statements and reports; every query reads one account's entries (a member's wallet). */
export function recordsRepository(db: Database) {
  /** The account's entries in the range (its months only: the ledger is partitioned by month). */
  const ownEntries = (accountId: bigint, range: DayRange) => {
    let q = db.selectFrom('ledger_entry as e').where('e.account_id', '=', accountId);
    if (range.from) q = q.where('e.created_at', '>=', dayStart(range.from, range.timeZone));
    if (range.to) q = q.where('e.created_at', '<', dayEnd(range.to, range.timeZone));
    return q;
  };
  const entries = (accountId: bigint, types: readonly string[] | undefined, range: DayRange) => {
    let q = ownEntries(accountId, range).innerJoin('ledger_transfer as t', 't.id', 'e.transfer_id');
    if (types && types.length > 0) {
      const sided = Object.entries(TWO_SIDED);
      const kinds = types.filter((k) => !sided.some(([, sides]) => sides.includes(k)));
      q = q.where((eb) => {
        const any: Expression<SqlBool>[] = [];
        if (kinds.length > 0) any.push(eb('t.kind', 'in', kinds));
        for (const [kind, [sender, receiver]] of sided) {
          if (types.includes(sender)) any.push(eb.and([eb('t.kind', '=', kind), eb('e.amount', '<', 0n)]));
          if (types.includes(receiver)) any.push(eb.and([eb('t.kind', '=', kind), eb('e.amount', '>', 0n)]));
        }
        return eb.or(any);
      });
    }
    return q;
  };

  return {
    /** The account of a key without creating it (a member who never had money has no statement). */
    findAccountId: (k: AccountKey) => findAccountId(db, k),

    /** One page of an account's entries, newest first, with the number of matching entries. */
    async transactions(o: {
      accountId: bigint;
      types?: readonly string[] | undefined;
      range: DayRange;
      limit: number;
      offset: number;
    }): Promise<{ rows: TransactionRow[]; total: number }> {
      // Without a type filter the count needs no transfer (every entry has one: ledger-check), so it is
      // read from the entries' index alone — a busy wallet's thousands of entries, not a join each.
      const count =
        o.types && o.types.length > 0
          ? await entries(o.accountId, o.types, o.range)
              .select((eb) => eb.fn.countAll<string>().as('n'))
              .executeTakeFirstOrThrow()
          : await ownEntries(o.accountId, o.range)
              .select((eb) => eb.fn.countAll<string>().as('n'))
              .executeTakeFirstOrThrow();
      const rows = await entries(o.accountId, o.types, o.range)
        .select([
          'e.id',
          memberType.as('type'),
          'e.amount',
          // Statements are of member accounts, whose entries always carry it (only house legs may not).
          sql<bigint>`e.balance_after`.as('balance_after'),
          't.reference',
          't.memo',
          'e.created_at',
        ])
        .orderBy('e.created_at', 'desc')
        .orderBy('e.id', 'desc')
        .limit(o.limit)
        .offset(o.offset)
        .execute();
      return { rows, total: Number(count.n) };
    },

    /** The account's movement per local day and transfer kind over whole days (one set-based query). */
    async sumsByDayAndKind(o: {
      accountId: bigint;
      from: string;
      to: string;
      timeZone: string;
    }): Promise<{ day: string; kind: string; amount: bigint }[]> {
      const r = await sql<{ day: string; kind: string; amount: bigint }>`
        select to_char((e.created_at at time zone ${o.timeZone})::date, 'YYYY-MM-DD') as day,
               t.kind, sum(e.amount)::bigint as amount
        from ledger_entry e join ledger_transfer t on t.id = e.transfer_id
        where e.account_id = ${o.accountId}
          and e.created_at >= ${dayStart(o.from, o.timeZone)}
          and e.created_at < ${dayEnd(o.to, o.timeZone)}
        group by 1, 2`.execute(db);
      return r.rows;
    },
  };
}
