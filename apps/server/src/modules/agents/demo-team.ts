import { MEMBER_TYPE } from '@panalo/contract/member';
import { formatAmount } from '@panalo/contract/money';
import type { Database } from '../../db/database';
import { fixedClock } from '../../lib/clock';
import { mulberry32 } from '../../lib/mulberry32';
import { hashPassword } from '../identity/passwords';
import type { SessionsService } from '../identity/sessions.service';
import { issueLaunchToken } from '../game-wallet/game-launch';
import { gameWalletRepository } from '../game-wallet/game-wallet.repository';
import { gameWalletService } from '../game-wallet/game-wallet.service';
import { rollUpHouse } from '../wallet/house-rollup';
import { formatRate, parseRate, PRODUCT_GROUPS } from '@panalo/contract/rebate';
import { AGENCY_DEFAULTS, agencyTerms, rebateService } from './rebate.service';
import { ledgerAccount, memberWalletKey, postTransfer } from '../wallet/ledger';
import { inTransaction } from '../../db/transaction';

const DAY_MS = 86_400_000;

/** The shape of the demo team: sub-agents, each with a sub-agent of its own, and players at every level. */
export interface TeamShape {
  subAgents: number;
  playersPerAgent: number;
  directPlayers: number;
  days: number;
}
export const DEMO_TEAM: TeamShape = { subAgents: 5, playersPerAgent: 36, directPlayers: 60, days: 30 };

/**
 * A believable team under the demo agent (issue 16 "Demo"): a few levels of downlines registered over
 * the past month, each with deposits (the ledger, as the cashier's credit does) and rounds played on the
 * seamless wallet (the game-wallet service itself, with its clock set to the day played), so that every
 * agency screen shows figures the server computed. Deterministic (a seeded generator) and done once: an
 * agent that already has a team is left as it is. Returns the number of members made.
 */
export async function seedDemoTeam(
  db: Database,
  sessions: Pick<SessionsService, 'issue'>,
  o: { merchant: string; agent: string; password: string; now: Date; shape?: TeamShape },
): Promise<number> {
  const shape = o.shape ?? DEMO_TEAM;
  const agent = await db
    .selectFrom('member as a')
    .innerJoin('merchant as m', 'm.id', 'a.merchant_id')
    .select(['a.id', 'a.merchant_id', 'm.currency'])
    .where('m.code', '=', o.merchant)
    .where('a.username', '=', o.agent)
    .executeTakeFirst();
  if (!agent) return 0;
  const already = await db
    .selectFrom('member')
    .select('id')
    .where('upline_id', '=', agent.id)
    .where('username', 'like', `${o.agent}\\_%`)
    .executeTakeFirst();
  if (already) return 0;

  const vendor = await gameWalletRepository.vendor(db, agent.merchant_id, 'PSIM');
  const games = await db
    .selectFrom('game')
    .select('game_id')
    .where('vendor_code', 'in', ['BYN', 'LVA', 'KDG', 'BRH'])
    .orderBy('id')
    .limit(8)
    .execute();
  if (!vendor || games.length === 0) return 0;

  const random = mulberry32(0x7ea4);
  const pick = (n: number) => Math.floor(random() * n);
  const hash = await hashPassword(o.password);
  const start = new Date(o.now.getTime() - shape.days * DAY_MS);
  const clock = fixedClock(start);
  const wallet = gameWalletService(db, clock);
  const clearing = await ledgerAccount(db, {
    merchantId: agent.merchant_id,
    book: 'real',
    kind: 'payment_clearing',
    ref: 'DEMO',
    currency: agent.currency,
  });

  let made = 0;
  /** A member joining on a day after its upline did (`after`). */
  async function member(username: string, upline: bigint, type: number, after: Date) {
    const left = Math.max(1, Math.floor((o.now.getTime() - after.getTime()) / DAY_MS));
    const joined = new Date(after.getTime() + pick(left) * DAY_MS + pick(DAY_MS / 2));
    const row = await db
      .insertInto('member')
      .values({
        merchant_id: agent!.merchant_id,
        username,
        password_hash: hash,
        type,
        upline_id: upline,
        register_method: 'H5',
        created_at: joined,
      })
      .returning(['id', 'created_at'])
      .executeTakeFirstOrThrow();
    made++;
    await play(row.id, type, row.created_at);
    return { id: row.id, joined: row.created_at };
  }

  /** Deposits on the first day and now and then; a few rounds on about one day in five. */
  async function play(memberId: bigint, type: number, joined: Date) {
    const walletId = await ledgerAccount(db, memberWalletKey(agent!.merchant_id, memberId, agent!.currency));
    let round = 0;
    for (let day = joined.getTime(); day < o.now.getTime(); day += DAY_MS) {
      const first = day === joined.getTime();
      if (!first && random() > 0.2) continue;
      const at = new Date(Math.min(day + pick(3_600_000), o.now.getTime() - 60_000));
      clock.set(at);
      if (first || random() < 0.3) {
        const amount = BigInt(100 + pick(20) * 50) * 100n;
        await inTransaction(db, 'demo-team.play', (trx) =>
          postTransfer(trx, {
            merchantId: agent!.merchant_id,
            book: 'real',
            kind: 'deposit',
            createdBy: 'system:demo',
            reference: `demo:${memberId}:${day}`,
            at,
            legs: [
              { accountId: clearing, amount: -amount },
              { accountId: walletId, amount },
            ],
          }),
        );
      }
      const { token } = await issueLaunchToken(db, clock, {
        merchantId: agent!.merchant_id,
        memberId,
        memberType: type,
        currency: agent!.currency,
        vendorCode: 'PSIM',
      });
      for (let k = 1 + pick(4); k > 0; k--) {
        const game = games[pick(games.length)]!.game_id;
        const roundId = `demo-${memberId}-${++round}`;
        const stake = BigInt(5 + pick(40) * 5) * 100n;
        const bet = { token, roundId, gameCode: game, currency: agent!.currency };
        try {
          await wallet.bet(vendor!, { ...bet, txId: `${roundId}-b`, amount: formatAmount(stake) });
        } catch {
          break; // out of money for today
        }
        // A return a little under the stake on average, with the odd big win.
        const won = random() < 0.45 ? (stake * BigInt(100 + pick(160))) / 100n : 0n;
        await wallet.win(vendor!, {
          ...bet,
          txId: `${roundId}-w`,
          amount: formatAmount(won),
          endRound: true,
        });
      }
    }
  }

  // Rebate rates: the top agent holds the merchant's ceilings (an operator's grant; the back office will
  // do this), and each agent raises its sub-agents through the rebate service, as on its screen.
  const settings = (
    await db
      .selectFrom('merchant')
      .select('settings')
      .where('id', '=', agent.merchant_id)
      .executeTakeFirstOrThrow()
  ).settings;
  const terms = agencyTerms(settings);
  await db
    .insertInto('member_rebate')
    .values(
      PRODUCT_GROUPS.map((g) => ({
        merchant_id: agent.merchant_id,
        member_id: agent.id,
        product: g,
        rate_bp: terms.maxRates[g] ?? AGENCY_DEFAULTS.maxRates[g],
        updated_at: o.now,
        updated_by: 'system:demo',
      })),
    )
    .onConflict((oc) => oc.columns(['member_id', 'product']).doNothing())
    .execute();
  // A few quotas for openings above the free threshold (an operator's grant, as the rates).
  await db
    .insertInto('agent_quota')
    .values([
      { merchant_id: agent.merchant_id, member_id: agent.id, rate_bp: 500, remaining: 5 },
      { merchant_id: agent.merchant_id, member_id: agent.id, rate_bp: 300, remaining: 10 },
    ])
    .onConflict((oc) => oc.columns(['member_id', 'rate_bp']).doNothing())
    .execute();
  const rebates = rebateService(db, fixedClock(o.now));
  /** An agent gives its sub-agent `percent` % of its own room (its rate less the gap). */
  async function raise(upline: bigint, memberId: bigint, percent: number) {
    const own = (await rebates.view({ merchantId: agent!.merchant_id, agentId: upline, settings })).rates;
    const rates = Object.fromEntries(
      PRODUCT_GROUPS.map((g) => {
        const bp = parseRate(own[g]) ?? 0;
        return [g, formatRate(Math.max(0, Math.floor(((bp - terms.minGap) * percent) / 100)))];
      }),
    );
    await rebates.set({ merchantId: agent!.merchant_id, agentId: upline, settings }, memberId, rates);
  }

  for (let s = 1; s <= shape.subAgents; s++) {
    const sub = await member(`${o.agent}_a${s}`, agent.id, MEMBER_TYPE.AGENT, start);
    await raise(agent.id, sub.id, 80);
    const subSub = await member(`${o.agent}_a${s}x`, sub.id, MEMBER_TYPE.AGENT, sub.joined);
    await raise(sub.id, subSub.id, 70);
    for (let p = 1; p <= shape.playersPerAgent; p++) {
      const up = p % 3 === 0 ? subSub : sub;
      await member(`${o.agent}_a${s}p${p}`, up.id, MEMBER_TYPE.PLAYER, up.joined);
    }
  }
  for (let p = 1; p <= shape.directPlayers; p++) {
    await member(`${o.agent}_p${p}`, agent.id, MEMBER_TYPE.PLAYER, start);
  }

  // Today: a handful of the team logged in (the agent's counters), and the queued bets counted.
  const today = await db
    .selectFrom('member')
    .select(['id', 'merchant_id'])
    .where('username', 'like', `${o.agent}\\_p%`)
    .orderBy('id')
    .limit(6)
    .execute();
  for (const m of today) {
    await sessions.issue({
      merchantId: m.merchant_id,
      memberId: m.id,
      device: 'demo',
      ip: '127.0.0.1',
      userAgent: 'demo',
    });
    await db.updateTable('member').set({ last_login_at: o.now }).where('id', '=', m.id).execute();
  }
  while ((await rollUpHouse(db)) > 0);
  return made;
}
