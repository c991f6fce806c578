import { REPORT_MAX_DAYS, type Report, type ReportQuery, type ReportRow } from '@panalo/contract/reports';
import { houseFigures } from '@panalo/contract/figures';
import { formatAmount } from '@panalo/contract/money';
import type { Database } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { DomainError } from '../../lib/domain-error';
import { byTurnover, byVendor, type GameSums } from './game-days';
import { reportsRepository } from './reports.repository';

/** A line's sums, as kept: play on every line; the rest where the aggregate holds it (null elsewhere). */
interface Sums {
  bets: bigint;
  betCount: number;
  refunds: bigint;
  wins: bigint;
  bonuses: bigint | null;
  rebates: bigint | null;
  commissions: bigint | null;
  deposits: bigint | null;
  depositCount: number | null;
  firstDeposits: number | null;
  withdrawals: bigint | null;
  withdrawalCount: number | null;
  players: number | null;
  registrations: number | null;
}

const ZERO: Sums = {
  bets: 0n,
  betCount: 0,
  refunds: 0n,
  wins: 0n,
  bonuses: 0n,
  rebates: 0n,
  commissions: 0n,
  deposits: 0n,
  depositCount: 0,
  firstDeposits: 0,
  withdrawals: 0n,
  withdrawalCount: 0,
  players: 0,
  registrations: 0,
};
const PLAY_ONLY: Sums = {
  ...ZERO,
  bonuses: null,
  rebates: null,
  commissions: null,
  deposits: null,
  depositCount: null,
  firstDeposits: null,
  withdrawals: null,
  withdrawalCount: null,
  players: null,
  registrations: null,
};

const amount = (v: bigint | null) => (v === null ? null : formatAmount(v));

function rowOf(key: string, name: string, vendor: string | null, s: Sums): ReportRow {
  const kept = s.bonuses !== null && s.rebates !== null && s.commissions !== null;
  const { turnover, ggr, ngr } = houseFigures({
    bets: s.bets,
    refunds: s.refunds,
    wins: s.wins,
    bonuses: s.bonuses ?? 0n,
    rebates: s.rebates ?? 0n,
    commissions: s.commissions ?? 0n,
  });
  return {
    key,
    name,
    vendor,
    bets: s.betCount,
    turnover: formatAmount(turnover),
    wins: formatAmount(s.wins),
    ggr: formatAmount(ggr),
    bonuses: amount(s.bonuses),
    rebates: amount(s.rebates),
    // A line by game keeps play only: its NGR is not known (bonuses and commissions are not per game).
    ngr: kept ? formatAmount(ngr) : null,
    commissions: amount(s.commissions),
    deposits: amount(s.deposits),
    depositCount: s.depositCount,
    firstDeposits: s.firstDeposits,
    withdrawals: amount(s.withdrawals),
    withdrawalCount: s.withdrawalCount,
    players: s.players,
    registrations: s.registrations,
  };
}

/** Adds b to a, field by field (a null field stays null). */
function add(a: Sums, b: Sums): Sums {
  const big = (x: bigint | null, y: bigint | null) => (x === null || y === null ? null : x + y);
  const num = (x: number | null, y: number | null) => (x === null || y === null ? null : x + y);
  return {
    bets: a.bets + b.bets,
    betCount: a.betCount + b.betCount,
    refunds: a.refunds + b.refunds,
    wins: a.wins + b.wins,
    bonuses: big(a.bonuses, b.bonuses),
    rebates: big(a.rebates, b.rebates),
    commissions: big(a.commissions, b.commissions),
    deposits: big(a.deposits, b.deposits),
    depositCount: num(a.depositCount, b.depositCount),
    firstDeposits: num(a.firstDeposits, b.firstDeposits),
    withdrawals: big(a.withdrawals, b.withdrawals),
    withdrawalCount: num(a.withdrawalCount, b.withdrawalCount),
    players: num(a.players, b.players),
    registrations: num(a.registrations, b.registrations),
  };
}

/** The day `n` days after `day` ('YYYY-MM-DD'; before it when negative). */
export const shiftDay = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** The days from `from` to `to` inclusive ('YYYY-MM-DD'), or null when the range is not one. */
export function daysBetween(from: string, to: string): string[] | null {
  const start = Date.parse(`${from}T00:00:00Z`);
  const end = Date.parse(`${to}T00:00:00Z`);
  if (!Number.isFinite(start) || !Number.isFinite(end) || end < start) return null;
  const n = (end - start) / 86_400_000 + 1;
  if (n > REPORT_MAX_DAYS) return null;
  return Array.from({ length: n }, (_, i) => new Date(start + i * 86_400_000).toISOString().slice(0, 10));
}

/**
 * Profit and loss over any range of the merchant's reporting days (issue 20 screen 9), from the daily
 * aggregates: merchant_day and merchant_players by day and product group, game_day by vendor and game.
 * Reads at most days × products × 16 rows (or one row per game and day played), whatever the members.
 */
export function reportsService(db: Database, clock: Clock) {
  const repo = reportsRepository(db);
  return {
    async pnl(merchantId: number, query: ReportQuery): Promise<Report> {
      const zone = await repo.zone(merchantId, clock.now());
      const to = query.to ?? zone.today;
      const q = { by: query.by, to, from: query.from ?? shiftDay(to, -29) };
      const days = daysBetween(q.from, q.to);
      if (!days)
        throw new DomainError(
          'report_range',
          400,
          `Choose a range of 1 to ${REPORT_MAX_DAYS} days, from before to`,
        );
      let rows: ReportRow[];
      let total: Sums;
      if (q.by === 'day' || q.by === 'product') {
        const figures = await repo.merchantDaySums(merchantId, q.by, q.from, q.to);
        const players = q.by === 'day' ? await repo.playersByDay(merchantId, q.from, q.to) : [];
        const sums = new Map<string, Sums>();
        for (const f of figures)
          sums.set(f.key!, {
            bets: BigInt(f.bets!),
            betCount: Number(f.bet_count),
            refunds: BigInt(f.refunds!),
            wins: BigInt(f.wins!),
            bonuses: BigInt(f.bonuses!),
            rebates: BigInt(f.rebates!),
            commissions: BigInt(f.commissions!),
            deposits: BigInt(f.deposits!),
            depositCount: Number(f.deposit_count),
            firstDeposits: Number(f.first_deposits),
            withdrawals: BigInt(f.withdrawals!),
            withdrawalCount: Number(f.withdrawal_count),
            players: q.by === 'day' ? 0 : null,
            registrations: q.by === 'day' ? 0 : null,
          });
        for (const p of players) {
          const s = sums.get(p.key) ?? { ...ZERO };
          sums.set(p.key, { ...s, players: Number(p.bettors), registrations: Number(p.registrations) });
        }
        const keys =
          q.by === 'day'
            ? days
            : [...sums.keys()].sort((a, b) => {
                const t = (k: string) => sums.get(k)!.bets - sums.get(k)!.refunds;
                const d = t(b) - t(a);
                return d > 0n ? 1 : d < 0n ? -1 : a.localeCompare(b);
              });
        const blank: Sums = q.by === 'day' ? ZERO : { ...ZERO, players: null, registrations: null };
        rows = keys.map((k) => rowOf(k, '', null, sums.get(k) ?? blank));
        total = keys.reduce((t, k) => add(t, sums.get(k) ?? blank), blank);
        total = { ...total, players: null };
      } else {
        // Games by name in the merchant's language (the CSV's too: one file whoever downloads it).
        const games = await repo.games(merchantId, q.from, q.to, {
          lang: zone.default_language,
          fallback: 'EN',
        });
        const lines: GameSums[] = (q.by === 'vendor' ? byVendor(games) : games).sort(byTurnover);
        const sumsOf = (g: GameSums): Sums => ({
          ...PLAY_ONLY,
          bets: g.bets,
          betCount: g.betCount,
          refunds: g.refunds,
          wins: g.wins,
        });
        rows = lines.map((g) =>
          q.by === 'vendor'
            ? rowOf(g.vendor, g.vendorName, null, sumsOf(g))
            : rowOf(g.game, g.name, g.vendor, sumsOf(g)),
        );
        total = lines.reduce((t, g) => add(t, sumsOf(g)), PLAY_ONLY);
      }
      return {
        from: q.from,
        to: q.to,
        by: q.by,
        timeZone: zone.tz,
        today: zone.today,
        rows,
        total: rowOf('', '', null, total),
      };
    },
  };
}
