import type {
  TeamBetsPage,
  TeamKpiFooter,
  TeamMember,
  TeamMoney,
  TeamOverview,
  TeamPnlRow,
} from '@panalo/contract/agent';
import { MAX_TEAM_REPORT_DAYS } from '@panalo/contract/agent';
import { houseFigures, teamProfit } from '@panalo/contract/figures';
import { formatAmount } from '@panalo/contract/money';
import type { Database } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { DomainError } from '../../lib/domain-error';
import { checkDayRange } from '../../lib/day-range';
import { teamRepository, type MoneySums } from './team.repository';

/** A member counts as online while a live session of theirs was seen this recently (two touch intervals). */
export const ONLINE_WINDOW_MS = 10 * 60_000;

export interface Agent {
  merchantId: number;
  currency: string;
  agentId: bigint;
}

/** What play gave the team: wins + bonuses + rebates + commissions − turnover (figures.ts teamProfit). */
export function teamMoney(s: MoneySums): TeamMoney {
  const wins = BigInt(s.wins);
  const bonuses = BigInt(s.bonuses);
  const rebates = BigInt(s.rebates);
  const commissions = BigInt(s.commissions);
  const sums = { bets: BigInt(s.bets), refunds: BigInt(s.refunds), wins, bonuses, rebates, commissions };
  const turnover = houseFigures(sums).turnover;
  return {
    turnover: formatAmount(turnover),
    wins: formatAmount(wins),
    bonuses: formatAmount(bonuses),
    rebates: formatAmount(rebates),
    commissions: formatAmount(commissions),
    deposits: formatAmount(BigInt(s.deposits)),
    withdrawals: formatAmount(BigInt(s.withdrawals)),
    profit: formatAmount(teamProfit(sums)),
  };
}

const ZERO: MoneySums = {
  bets: '0',
  refunds: '0',
  wins: '0',
  bonuses: '0',
  rebates: '0',
  commissions: '0',
  deposits: '0',
  withdrawals: '0',
};

/** Two members' sums added column by column. */
const addSums = (x: MoneySums, y: MoneySums): MoneySums =>
  Object.fromEntries(
    (Object.keys(ZERO) as (keyof MoneySums)[]).map((k) => [k, (BigInt(x[k]) + BigInt(y[k])).toString()]),
  ) as unknown as MoneySums;

/** Every day from..to inclusive, as YYYY-MM-DD. */
export function daysOf(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = Date.parse(`${from}T00:00:00Z`); d <= Date.parse(`${to}T00:00:00Z`); d += 86_400_000)
    out.push(new Date(d).toISOString().slice(0, 10));
  return out;
}

const pages = (total: number, size: number) => Math.max(1, Math.ceil(total / size));

const unknownMember = () =>
  new DomainError('team_member_unknown', 404, 'Sorry, the user does not exist or is disabled');

/** The agency centre's team reports (issue 16 item 4): an agent reads its own team only. */
export function teamService(db: Database, clock: Clock) {
  const range = (from: string, to: string) => checkDayRange(from, to, MAX_TEAM_REPORT_DAYS);

  return {
    async kpi(a: Agent, q: { startDate: string; endDate: string }): Promise<TeamKpiFooter> {
      range(q.startDate, q.endDate);
      const now = clock.now();
      const who = { merchantId: a.merchantId, agentId: a.agentId, now };
      const onlineSince = new Date(now.getTime() - ONLINE_WINDOW_MS);
      const r =
        q.startDate === q.endDate
          ? await teamRepository.kpiDay(db, { ...who, day: q.startDate, onlineSince })
          : await teamRepository.kpi(db, { ...who, from: q.startDate, to: q.endDate, onlineSince });
      return {
        teamLoginMemberCount: r?.logged_in ?? 0,
        teamBetMemberCount: r?.betting ?? 0,
        teamRegisterMemberCount: r?.registered ?? 0,
        teamOnlineCount: r?.online ?? 0,
      };
    },

    async overview(a: Agent, q: { from: string; to: string }): Promise<TeamOverview> {
      range(q.from, q.to);
      const r = { merchantId: a.merchantId, agentId: a.agentId, from: q.from, to: q.to };
      const [counts, days] = await Promise.all([teamRepository.counts(db, r), teamRepository.days(db, r)]);
      // Members who bet on any day of the range: one day's count is kept; a longer range's is counted.
      const bettors = q.from === q.to ? (days[0]?.bettors ?? 0) : await teamRepository.bettors(db, r);
      const byDay = new Map(days.map((d) => [d.day, d]));
      const sum = (k: keyof MoneySums) => days.reduce((s, d) => s + BigInt(d[k]), 0n).toString();
      const total = Object.fromEntries(Object.keys(ZERO).map((k) => [k, sum(k as keyof MoneySums)]));
      return {
        from: q.from,
        to: q.to,
        directDownlines: counts?.direct ?? 0,
        teamSize: counts?.team ?? 0,
        registrations: counts?.registered ?? 0,
        firstDeposits: days.reduce((s, d) => s + d.first_deposits, 0),
        depositCount: days.reduce((s, d) => s + d.deposit_count, 0),
        withdrawalCount: days.reduce((s, d) => s + d.withdrawal_count, 0),
        bettors,
        money: teamMoney(total as unknown as MoneySums),
        days: daysOf(q.from, q.to).map((date) => {
          const d = byDay.get(date);
          return {
            date,
            turnover: formatAmount(d ? BigInt(d.bets) - BigInt(d.refunds) : 0n),
            registrations: d?.registrations ?? 0,
            bettors: d?.bettors ?? 0,
            deposits: formatAmount(d ? BigInt(d.deposits) : 0n),
          };
        }),
      };
    },

    async members(
      a: Agent,
      q: {
        parentId?: string | undefined;
        search?: string | undefined;
        searchIn?: 'team' | 'direct' | undefined;
        sort: 'registered' | 'lastLogin' | 'username';
        page: number;
        pageSize: number;
      },
    ) {
      const parent = await teamRepository.member(
        db,
        a.merchantId,
        a.agentId,
        q.parentId ? BigInt(q.parentId) : a.agentId,
      );
      if (!parent) throw unknownMember();
      const rows = await teamRepository.members(db, {
        merchantId: a.merchantId,
        agentId: a.agentId,
        currency: a.currency,
        parentId: parent.id,
        search: q.search,
        searchDirect: q.searchIn === 'direct',
        sort: q.sort,
        limit: q.pageSize,
        offset: (q.page - 1) * q.pageSize,
      });
      const total = rows[0]?.total ?? 0;
      const list: TeamMember[] = rows.map((m) => ({
        id: m.id.toString(),
        username: m.username,
        nickname: m.nickname,
        type: m.type,
        level: m.level,
        status: m.status,
        directDownlines: m.direct,
        registeredAt: m.created_at.toISOString(),
        lastLoginAt: m.last_login_at?.toISOString() ?? null,
        balance: m.balance === null ? null : formatAmount(BigInt(m.balance)),
      }));
      return {
        parent: { id: parent.id.toString(), username: parent.username, level: parent.level },
        list,
        pageNum: q.page,
        totalPages: pages(total, q.pageSize),
        total,
      };
    },

    async pnl(
      a: Agent,
      q: {
        from: string;
        to: string;
        parentId?: string | undefined;
        search?: string | undefined;
        sort: 'profit' | 'turnover' | 'username';
        page: number;
        pageSize: number;
      },
    ) {
      range(q.from, q.to);
      const parent = await teamRepository.member(
        db,
        a.merchantId,
        a.agentId,
        q.parentId ? BigInt(q.parentId) : a.agentId,
      );
      if (!parent) throw unknownMember();
      const r = await teamRepository.pnl(db, {
        merchantId: a.merchantId,
        agentId: a.agentId,
        parentId: parent.id,
        from: q.from,
        to: q.to,
        search: q.search,
        sort: q.sort,
        limit: q.pageSize,
        offset: (q.page - 1) * q.pageSize,
      });
      const count = r.rows[0]?.count ?? 0;
      const list: TeamPnlRow[] = r.rows.map((m) => ({
        id: m.id.toString(),
        username: m.username,
        level: m.level,
        directDownlines: m.direct,
        ...teamMoney(addSums(m.own, m.team)),
        own: teamMoney(m.own),
      }));
      return {
        from: q.from,
        to: q.to,
        parent: { id: parent.id.toString(), username: parent.username, level: parent.level },
        team: teamMoney(r.total ?? ZERO),
        list,
        pageNum: q.page,
        totalPages: pages(count, q.pageSize),
        total: count,
      };
    },

    /** Team betting (/m/teamBetting): my team's bets of a range, newest first, with their totals. */
    async bets(
      a: Agent & { language: string },
      q: {
        from: string;
        to: string;
        username?: string | undefined;
        product: 'all' | 'games' | 'lottery';
        page: number;
        pageSize: number;
      },
    ): Promise<TeamBetsPage> {
      range(q.from, q.to);
      const r = await teamRepository.bets(db, {
        merchantId: a.merchantId,
        agentId: a.agentId,
        from: q.from,
        to: q.to,
        username: q.username,
        product: q.product,
        lang: a.language,
        limit: q.pageSize,
        offset: (q.page - 1) * q.pageSize,
      });
      const signed = (n: bigint) => (n < 0n ? `-${formatAmount(-n)}` : formatAmount(n));
      const stake = BigInt(r.totals.stake);
      const returned = BigInt(r.totals.returned);
      return {
        from: q.from,
        to: q.to,
        list: r.rows.map((b) => ({
          id: `${b.kind}:${b.id}`,
          kind: b.kind,
          username: b.username,
          level: b.level,
          game: b.name ?? b.game,
          stake: formatAmount(BigInt(b.stake)),
          returned: formatAmount(BigInt(b.returned)),
          net: signed(BigInt(b.returned) - BigInt(b.stake)),
          status: b.status,
          at: new Date(b.at).toISOString(),
        })),
        pageNum: q.page,
        totalPages: pages(r.totals.n, q.pageSize),
        total: r.totals.n,
        totals: {
          stake: formatAmount(stake),
          returned: formatAmount(returned),
          net: signed(returned - stake),
        },
      };
    },
  };
}
