import { formatAmount } from '@panalo/contract/money';
import type { DailyClose, DailyCloseSheet, DailyCloseSummary } from '@panalo/contract/daily-close';
import type { Database } from '../../db/database';
import { inTransaction } from '../../db/transaction';
import { audit } from '../../lib/audit';
import { liabilitiesService } from './liabilities.service';
import { DomainError } from '../../lib/domain-error';
import {
  dailyCloseRepository,
  FIGURE_LEGS,
  FIGURES,
  type DailyCloseRepository,
} from './daily-close.repository';

/** The most days one pass closes for a merchant (a long outage is caught up over several passes). */
export const CLOSE_CATCH_UP_DAYS = 31;

const abs = (v: bigint) => (v < 0n ? -v : v);
const nextDay = (day: string) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
};

/** A stored close as the API shows it. */
function closeOf(row: Awaited<ReturnType<DailyCloseRepository['find']>>[number]): DailyClose {
  return {
    day: row.day_text,
    currency: row.currency,
    startsAt: new Date(row.starts_at).toISOString(),
    endsAt: new Date(row.ends_at).toISOString(),
    status: row.status,
    difference: formatAmount(row.difference),
    sheet: row.sheet as unknown as DailyCloseSheet,
    runBy: row.run_by,
    createdAt: new Date(row.created_at).toISOString(),
    signedBy: row.signed_by,
    signedAt: row.signed_at ? new Date(row.signed_at).toISOString() : null,
  };
}

/**
 * The sheet of one merchant's day in one currency, and how far it is from balancing (minor units):
 * each liability read by its entries and by its accounts' running balances, the ledger's figures
 * against the kept ones, and GGR by product and vendor.
 */
export async function daySheet(
  repo: DailyCloseRepository,
  o: { merchantId: number; day: string; currency: string; startsAt: Date; endsAt: Date },
): Promise<{ sheet: DailyCloseSheet; difference: bigint }> {
  const [balances, movements, kept, vendors] = await Promise.all([
    repo.balances(o.merchantId, o.startsAt, o.endsAt),
    repo.movements(o.merchantId, o.startsAt, o.endsAt),
    repo.keptFigures(o.merchantId, o.day),
    repo.byVendor(o.merchantId, o.startsAt, o.endsAt),
  ]);
  let difference = 0n;
  const mine = balances.filter((b) => b.currency === o.currency);
  const moved = movements.filter((m) => m.currency === o.currency);
  const sheetBalances = mine.map((b) => {
    const off = b.opening - b.openingRun + (b.closing - b.closingRun);
    difference += b.drift;
    return {
      kind: b.kind,
      accounts: b.accounts,
      opening: formatAmount(b.opening),
      movements: formatAmount(b.movements),
      closing: formatAmount(b.closing),
      closingByAccounts: formatAmount(b.closingRun),
      difference: formatAmount(off),
      drifted: b.drifted,
    };
  });
  const figures = FIGURES.map((figure) => {
    const leg = FIGURE_LEGS[figure];
    const ledger =
      leg.sign *
      moved
        .filter(
          (m) => m.accountKind === leg.account && (leg.kinds as readonly string[]).includes(m.transferKind),
        )
        .reduce((a, m) => a + m.amount, 0n);
    const keptSum = kept.reduce((a, k) => a + k[figure], 0n);
    difference += abs(ledger - keptSum);
    return {
      figure,
      ledger: formatAmount(ledger),
      kept: formatAmount(keptSum),
      difference: formatAmount(ledger - keptSum),
    };
  });
  const ggr = (key: string, bets: bigint, wins: bigint) => ({
    key,
    bets: formatAmount(bets),
    wins: formatAmount(wins),
    ggr: formatAmount(bets - wins),
  });
  return {
    sheet: {
      balances: sheetBalances,
      movements: moved.map((m) => ({
        transferKind: m.transferKind,
        accountKind: m.accountKind,
        amount: formatAmount(m.amount),
        entries: m.entries,
      })),
      figures,
      byProduct: kept.filter((k) => k.product !== '').map((k) => ggr(k.product, k.bets - k.refunds, k.wins)),
      byVendor: vendors.map((v) => ggr(v.vendor, v.bets, v.wins)),
      negativeMembers: [],
    },
    difference,
  };
}

/**
 * The daily close (issue 52 item 1). A day is closed once: the first run writes its sheet (the key
 * decides between two runs at once), and every later run, for any past day, answers what was written.
 */
export function dailyCloseService(db: Database) {
  const repo = dailyCloseRepository(db);
  const service = {
    /**
     * Closes the merchant's reporting day: refused (409) before the day is over, and while house amounts
     * of the day still wait for the roll-up (the kept figures would lag; the job tries again).
     */
    async closeDay(o: { merchantId: number; day: string; runBy: string; now: Date }): Promise<DailyClose> {
      const merchant = await repo.merchant(o.merchantId);
      const bounds = merchant && (await repo.bounds(merchant.id, o.day));
      if (!merchant || !bounds) throw new DomainError('merchant_unknown', 404, 'There is no such merchant');
      const done = await repo.find(merchant.id, o.day);
      if (done[0]) return closeOf(done[0]);
      if (bounds.endsAt.getTime() > o.now.getTime())
        throw new DomainError('close_day_open', 409, 'The day is not over yet', { day: o.day });
      if (await repo.housePendingBefore(merchant.id, bounds.endsAt))
        throw new DomainError('close_waits_rollup', 409, 'The day’s bets are still being counted', {
          day: o.day,
        });
      const built = await daySheet(repo, {
        merchantId: merchant.id,
        day: o.day,
        currency: merchant.currency,
        ...bounds,
      });
      // A member below zero at the day's end breaks the day, and no proof is published for it: a sum
      // tree never carries a negative balance.
      const members = await liabilitiesService(db).memberBalances(
        merchant.id,
        merchant.currency,
        bounds.endsAt,
      );
      const negative = members.filter((m) => m.balance < 0n);
      const sheet = {
        ...built.sheet,
        negativeMembers: negative.slice(0, 50).map((m) => m.memberId.toString()),
      };
      const difference = built.difference + negative.reduce((a, m) => a - m.balance, 0n);
      // The sheet and the day's proof of liabilities are written together, or neither.
      await inTransaction(db, 'daily-close.closeDay', async (trx) => {
        const wrote = await dailyCloseRepository(trx).insert({
          merchantId: merchant.id,
          day: o.day,
          currency: merchant.currency,
          ...bounds,
          status: difference === 0n ? 'balanced' : 'broken',
          difference,
          sheet,
          runBy: o.runBy,
          at: o.now,
        });
        if (wrote && negative.length === 0)
          await liabilitiesService(trx).publish({
            merchantId: merchant.id,
            day: o.day,
            currency: merchant.currency,
            at: o.now,
            balances: members,
          });
      });
      const [row] = await repo.find(merchant.id, o.day);
      return closeOf(row!);
    },

    /** The merchant's days still to close at `now`: after its last close (or its first day), up to yesterday. */
    async dueDays(merchantId: number, now: Date): Promise<string[]> {
      const [today, last] = await Promise.all([repo.today(merchantId, now), repo.lastClosed(merchantId)]);
      // The first day with money is looked for once, before a merchant's first close.
      const first = last ? null : await repo.firstDay(merchantId);
      const start = last ? nextDay(last) : first;
      if (!today || !start) return [];
      const days: string[] = [];
      for (let d = start; d < today && days.length < CLOSE_CATCH_UP_DAYS; d = nextDay(d)) days.push(d);
      return days;
    },

    /** Every merchant's id (the planner's round). */
    merchantIds: () => repo.merchantIds(),

    async list(merchantId: number, from: string, to: string): Promise<DailyCloseSummary[]> {
      const rows = await repo.list(merchantId, from, to);
      return rows.map((r) => {
        const { sheet: _sheet, ...summary } = closeOf(r);
        return summary;
      });
    },

    /**
     * Finance signs a closed day: only a balanced one (409 close_broken: its differences are explained first),
     * once (409 close_signed), once its reconciliation is done (409 close_recon_pending) with no break
     * left open (409 close_breaks_open), and never by whoever made a manual correction that day (409
     * close_sign_maker: maker-checker). Audited in the merchant's log.
     */
    async sign(o: {
      merchantId: number;
      day: string;
      signer: { memberId: bigint; username: string };
      ip: string;
      now: Date;
    }): Promise<DailyClose> {
      const [row] = await repo.find(o.merchantId, o.day);
      if (!row) throw new DomainError('close_none', 404, 'This day has not been closed', { day: o.day });
      if (row.status !== 'balanced')
        throw new DomainError(
          'close_broken',
          409,
          'A broken day is not signed: its differences are explained first',
        );
      if (row.signed_by) throw new DomainError('close_signed', 409, 'This day is signed already');
      // Reconciliation comes first: every source's run finished, and each break resolved.
      const recon = await repo.reconState(o.merchantId, o.day);
      if (recon.pending > 0)
        throw new DomainError('close_recon_pending', 409, 'The day’s reconciliation has not finished');
      if (recon.open > 0)
        throw new DomainError('close_breaks_open', 409, 'Breaks of this day are still open', {
          open: recon.open,
        });
      const actor = `operator:${o.signer.memberId}`;
      if (await repo.correctedBy(o.merchantId, actor, row.starts_at, row.ends_at))
        throw new DomainError(
          'close_sign_maker',
          409,
          'You made a manual correction that day: another finance member signs it',
        );
      await inTransaction(db, 'daily-close.sign', async (trx) => {
        const signed = await dailyCloseRepository(trx).sign(o.merchantId, o.day, o.signer.username, o.now);
        if (signed === 0) throw new DomainError('close_signed', 409, 'This day is signed already');
        await audit(trx, {
          merchantId: o.merchantId,
          actor,
          action: 'daily_close.sign',
          target: `daily_close:${o.day}`,
          details: { day: o.day, difference: formatAmount(row.difference), ip: o.ip },
          at: o.now,
        });
      });
      return (await service.find(o.merchantId, o.day))!;
    },

    async find(merchantId: number, day: string): Promise<DailyClose | null> {
      const [row] = await repo.find(merchantId, day);
      return row ? closeOf(row) : null;
    },
  };
  return service;
}
export type DailyCloseService = ReturnType<typeof dailyCloseService>;
