import { formatAmount, parseAmount } from '@panalo/contract/money';
import type { OpsLotteryGame, OpsLotteryGameUpdate, OpsLotteryPeriod } from '@panalo/contract/lottery-ops';
import type { Database } from '../../db/database';
import { audit } from '../../lib/audit';
import type { Clock } from '../../lib/clock';
import { DomainError } from '../../lib/domain-error';
import type { MerchantRow } from '../merchants/merchants.repository';
import { verifyDraw } from './engine/draw';
import { findGame, getGame } from './engine/registry';
import { ODDS_SCALE } from './engine/types';
import { MAX_ODDS, MAX_STAKE_MINOR, merchantConfig } from './lottery.config';
import { credit } from './lottery.settlement';
import { oddsText } from './lottery.lobby';
import { inTransaction } from '../../db/transaction';
import { lotteryOpsRepository } from './lottery-ops.repository';
import { own } from '../../lib/own';

const invalid = (field: string, message: string) =>
  new DomainError('validation_failed', 400, message, { field });
const unknownGame = () => new DomainError('lottery_game_unknown', 404, 'This lottery game is not available');
const MAX_JACKPOT_SEED_MINOR = 1_000_000_000_000_000n;

/** '1.96' → 19600n (odds fixed point); null when malformed. */
export function parseOdds(text: string): bigint | null {
  const m = /^(\d{1,5})(?:\.(\d{1,4}))?$/.exec(text);
  if (!m) return null;
  return BigInt(m[1]!) * ODDS_SCALE + BigInt((m[2] ?? '').padEnd(4, '0'));
}
/** Basis points as a percent text: 250 → '2.5'. */
const percentText = (bps: number) => (bps / 100).toString();
const nameOf = (names: Record<string, string>, lang: string, code: string) =>
  own(names, lang) ?? names.EN ?? Object.values(names)[0] ?? code;

/**
 * The operator's lottery (issue 20 screen 7): which games the site sells, each bet type's odds and
 * stake limits and the pick-6 jackpot's share, stored as the merchant's override of the game's defaults
 * (lottery_merchant_game.config, read by betting and settlement); and the periods with this site's bets
 * and the proof of each draw. Changes are audited before → after. Bets already placed keep their odds:
 * a bet is settled at the odds it was accepted with.
 */
export function lotteryOpsService(db: Database, clock: Clock) {
  const repo = lotteryOpsRepository(db);

  async function row(merchantId: number, code: string) {
    const r = await repo.merchantGame(merchantId, code);
    if (!r || !findGame(code)) throw unknownGame();
    return r;
  }

  function view(merchant: MerchantRow, r: Awaited<ReturnType<typeof row>>): OpsLotteryGame {
    const def = getGame(r.game_code);
    const cfg = merchantConfig(r.game_code, r.config);
    const d = def.defaults;
    return {
      code: r.game_code,
      name: nameOf(r.names, merchant.default_language, r.game_code),
      group: r.group_code,
      kind: def.kind,
      enabled: r.enabled,
      betTypes: Object.keys(def.betTypes).map((bt) => ({
        betType: bt,
        enabled: !cfg.disabledBetTypes.includes(bt),
        odds: Object.entries(d.odds[bt] ?? {}).map(([key, dflt]) => ({
          key,
          value: oddsText(cfg.odds[bt]?.[key] ?? dflt),
          default: oddsText(dflt),
        })),
        min: formatAmount(cfg.limits[bt]?.minStakeMinor ?? 0n),
        max: formatAmount(cfg.limits[bt]?.maxStakeMinor ?? 0n),
        defaultMin: formatAmount(d.limits[bt]?.minStakeMinor ?? 0n),
        defaultMax: formatAmount(d.limits[bt]?.maxStakeMinor ?? 0n),
      })),
      jackpot:
        d.jackpot && cfg.jackpot
          ? {
              contributionPercent: percentText(cfg.jackpot.contributionBps),
              seed: formatAmount(cfg.jackpot.seedMinor),
              defaultContributionPercent: percentText(d.jackpot.contributionBps),
              defaultSeed: formatAmount(d.jackpot.seedMinor),
            }
          : null,
    };
  }

  /** The body as the stored override, or the first field that is wrong. */
  function storedOf(code: string, body: OpsLotteryGameUpdate, previous: Record<string, unknown>) {
    const def = getGame(code);
    const disabled: string[] = [];
    const odds: Record<string, Record<string, string>> = {};
    const limits: Record<string, { minStakeMinor: string; maxStakeMinor: string }> = {};
    const seen = new Set<string>();
    body.betTypes.forEach((b, i) => {
      const at = `betTypes.${i}`;
      if (!def.betTypes[b.betType] || seen.has(b.betType))
        throw invalid(`${at}.betType`, 'Not a bet type of this game, or named twice');
      seen.add(b.betType);
      if (!b.enabled) disabled.push(b.betType);
      for (const [key, text] of Object.entries(b.odds)) {
        if (def.defaults.odds[b.betType]?.[key] === undefined)
          throw invalid(`${at}.odds.${key}`, 'Not an odds key of this bet type');
        const o = parseOdds(text);
        if (o === null || o < ODDS_SCALE || o > MAX_ODDS)
          throw new DomainError('lottery_odds_invalid', 400, 'Odds from 1 to 10000', {
            field: `${at}.odds.${key}`,
          });
        (odds[b.betType] ??= {})[key] = o.toString();
      }
      const min = parseAmount(b.min);
      const max = parseAmount(b.max);
      if (min === null || min <= 0n) throw invalid(`${at}.min`, 'The smallest stake must be above zero');
      if (max === null || max < min || max > MAX_STAKE_MINOR)
        throw invalid(`${at}.max`, 'The largest stake must be at least the smallest, at most 10,000,000.00');
      limits[b.betType] = { minStakeMinor: min.toString(), maxStakeMinor: max.toString() };
    });
    const stored: Record<string, unknown> = { disabledBetTypes: disabled, odds, limits };
    if (typeof previous.enabled === 'boolean') stored.enabled = previous.enabled;
    if (body.jackpot) {
      if (!def.defaults.jackpot) throw invalid('jackpot', 'This game has no jackpot');
      const [whole = '0', cents = ''] = body.jackpot.contributionPercent.split('.');
      const bps = Number(whole) * 100 + Number(cents.padEnd(2, '0'));
      if (bps > 10_000) throw invalid('jackpot.contributionPercent', 'At most 100 %');
      const seed = parseAmount(body.jackpot.seed);
      if (seed === null || seed > MAX_JACKPOT_SEED_MINOR) throw invalid('jackpot.seed', 'Invalid amount');
      stored.jackpot = { contributionBps: bps, seedMinor: seed.toString() };
    }
    return stored;
  }

  return {
    async games(merchant: MerchantRow): Promise<OpsLotteryGame[]> {
      const rows = await repo.merchantGames(merchant.id);
      return rows.filter((r) => findGame(r.game_code)).map((r) => view(merchant, r));
    },

    async setGame(merchant: MerchantRow, staffId: bigint, code: string, body: OpsLotteryGameUpdate) {
      const before = await row(merchant.id, code);
      const stored = storedOf(code, body, before.config);
      const now = clock.now();
      await inTransaction(db, 'lottery-ops.service.setGame', async (trx) => {
        await lotteryOpsRepository(trx).setMerchantGame(before.id, body.enabled, JSON.stringify(stored));
        await audit(trx, {
          merchantId: merchant.id,
          actor: `operator:${staffId}`,
          action: 'lottery.game.settings',
          target: `lottery:${code}`,
          details: {
            before: { enabled: before.enabled, config: before.config },
            after: { enabled: body.enabled, config: stored },
          },
          at: now,
        });
      });
      return view(merchant, await row(merchant.id, code));
    },

    async periods(merchant: MerchantRow, code: string, page: number, pageSize: number) {
      await row(merchant.id, code);
      const now = clock.now();
      const [list, count] = await Promise.all([
        repo.periodsPage(merchant.id, code, now, pageSize, (page - 1) * pageSize),
        repo.countPeriods(code, now),
      ]);
      const total = Number(count.n);
      return {
        list: list.map((p): OpsLotteryPeriod => {
          const drawn = p.result !== null;
          const v = drawn ? verifyDraw(p.seed, p.seed_hash, code, p.numero) : null;
          return {
            numero: p.numero,
            state: p.state,
            openAt: new Date(p.open_at).toISOString(),
            lockAt: new Date(p.lock_at).toISOString(),
            drawAt: new Date(p.draw_at).toISOString(),
            result: p.result,
            seedHash: p.seed_hash,
            seed: drawn ? p.seed : null,
            verified: v === null ? null : v.ok && v.winningNumber === p.result,
            bets: Number(p.bets),
            stakes: formatAmount(BigInt(p.stakes ?? 0)),
            payouts: formatAmount(BigInt(p.payouts ?? 0)),
            siteCancel: p.cancelled_at
              ? {
                  at: new Date(p.cancelled_at).toISOString(),
                  by: p.cancelled_by ?? '',
                  reason: p.cancel_reason ?? '',
                  bets: Number(p.cancel_bets ?? 0),
                  refunded: formatAmount(BigInt(p.cancel_refunded ?? 0)),
                }
              : null,
          };
        }),
        total,
        totalPages: Math.ceil(total / pageSize),
      };
    },

    /**
     * Cancels this site's part of a period not drawn yet. Periods are shared by every site, so the period
     * itself stays: this site's accepted bets of it become 'cancelled' with their stake as payout, each
     * wallet gets its stakes back in one transfer (key: site cancel, period, wallet), and the cancel row
     * (one per site and period: its primary key) closes the period to this site's new bets. The period's
     * lock is taken alone, as the draw takes it: orders in flight finish first and are refunded too; a
     * draw that starts later finds none of this site's bets accepted. Audited with the reason.
     */
    async cancelPeriod(merchant: MerchantRow, staffId: bigint, code: string, numero: string, reason: string) {
      await row(merchant.id, code);
      const now = clock.now();
      return inTransaction(db, 'lottery-ops.service.cancelPeriod', async (trx) => {
        const tx = lotteryOpsRepository(trx);
        const period = await tx.period(code, numero);
        if (!period) throw new DomainError('lottery_period_missing', 404, 'This period does not exist');
        await tx.lockPeriodAlone(period.id);
        const p = await tx.periodState(period.id);
        if (!['scheduled', 'open', 'locked'].includes(p.state))
          throw new DomainError(
            'lottery_period_not_cancellable',
            409,
            'This period is drawn or cancelled already',
          );
        const claimed = await tx.insertSiteCancel({
          merchantId: merchant.id,
          periodId: period.id,
          staffId,
          reason,
          at: now,
        });
        if (!claimed)
          throw new DomainError('lottery_period_cancelled', 409, 'This period is cancelled on this site');
        const bets = await tx.cancelSiteBets(merchant.id, period.id, now);
        const paid = await credit(trx, {
          periodId: period.id,
          status: 'cancelled',
          kind: 'lottery_refund',
          reference: `lottery:${code}:${numero}`,
          at: now,
          only: { betIds: bets.map((b) => b.id), key: `lottery_site_cancel:${merchant.id}` },
        });
        const realStakes = bets.filter((b) => b.book === 'real').reduce((sum, b) => sum + b.stake, 0n);
        await tx.setSiteCancelTotals(merchant.id, period.id, bets.length, paid.total);
        await audit(trx, {
          merchantId: merchant.id,
          actor: `operator:${staffId}`,
          action: 'lottery.period.cancel',
          target: `lottery_period:${period.id}`,
          details: { reason, game: code, numero, bets: bets.length, refunded: paid.total.toString() },
          at: now,
        });
        return {
          bets: bets.length,
          wallets: paid.transfers,
          refunded: formatAmount(paid.total),
          realStakes: formatAmount(realStakes),
        };
      });
    },
  };
}
