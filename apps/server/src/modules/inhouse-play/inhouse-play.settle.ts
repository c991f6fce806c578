import { formatAmount } from '@panalo/contract/money';
import type { InhouseRound } from '@panalo/contract/inhouse';
import type { Database } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { DomainError } from '../../lib/domain-error';
import { issueLaunchToken } from '../game-wallet/game-launch';
import type { VendorRow } from '../game-wallet/game-wallet.repository';
import type { gameWalletService } from '../game-wallet/game-wallet.service';
import { INHOUSE_WALLET_VENDOR } from '../game-wallet/game-wallet.seed';
import { minesMultiplier } from '../inhouse-games/mines/mines';
import { inhousePlayRepository as repo, type RoundRow } from './inhouse-play.repository';

export interface Player {
  merchantId: number;
  memberId: bigint;
  memberType: number;
  currency: string;
}

type Wallet = ReturnType<typeof gameWalletService>;

/** The bet of a mines round played tile by tile: the mine count and the safe picks so far, in order. */
export function minesProgress(bet: Record<string, unknown>): { mines: number; picks: number[] } {
  const picks = Array.isArray(bet.picks) ? bet.picks.filter((c): c is number => typeof c === 'number') : [];
  return { mines: Number(bet.mines), picks };
}

/** A stored round as the API shows it; an open round hides its board (the outcome) until it ends. */
export function roundView(r: RoundRow): InhouseRound {
  const base: InhouseRound = {
    id: r.id.toString(),
    game: r.game,
    nonce: r.nonce,
    serverSeedHash: r.server_seed_hash,
    clientSeed: r.client_seed,
    serverSeed: r.revealed_seed,
    bet: r.bet,
    stake: formatAmount(BigInt(r.stake)),
    payout: formatAmount(BigInt(r.payout)),
    multiplier: r.multiplier,
    outcome: r.outcome,
    status: r.status,
    createdAt: new Date(r.created_at).toISOString(),
  };
  if (r.status !== 'open') return base;
  const { mines, picks } = minesProgress(r.bet);
  const now = minesMultiplier(mines, picks.length);
  const next = picks.length < 25 - mines ? minesMultiplier(mines, picks.length + 1) : null;
  return {
    ...base,
    outcome: null,
    payout: '0.00',
    mines: {
      picks,
      cashOut: picks.length > 0 ? formatAmount((BigInt(r.stake) * now.num) / now.den) : '0.00',
      multiplier: (Number(now.num) / Number(now.den)).toFixed(4),
      nextMultiplier: next ? (Number(next.num) / Number(next.den)).toFixed(4) : null,
    },
  };
}

/**
 * Moves a round's money through the seamless game wallet in-process, as the internal vendor PNL, with
 * transaction ids derived from the round (`inh-<id>-bet`, `inh-<id>-win`): every step can be repeated
 * after an interruption and applies once.
 */
export function roundSettler(
  db: Database,
  clock: Clock,
  wallet: Wallet,
  vendorOf: (merchantId: number, code: string) => Promise<VendorRow>,
) {
  async function access(p: Player, row: RoundRow) {
    const vendor = await vendorOf(p.merchantId, INHOUSE_WALLET_VENDOR.code);
    const { token } = await issueLaunchToken(db, clock, {
      merchantId: p.merchantId,
      memberId: p.memberId,
      memberType: p.memberType,
      currency: p.currency,
      vendorCode: INHOUSE_WALLET_VENDOR.code,
      gameCode: row.game,
      ttlMs: 5 * 60_000,
    });
    return { vendor, token, roundId: `inh-${row.id}` };
  }

  /** Debits the stake (once); a refusal before any money moved makes the round void, its nonce spent. */
  async function stake(p: Player, row: RoundRow, a: Awaited<ReturnType<typeof access>>) {
    try {
      return await wallet.bet(a.vendor, {
        token: a.token,
        txId: `${a.roundId}-bet`,
        roundId: a.roundId,
        gameCode: row.game,
        amount: formatAmount(BigInt(row.stake)),
      });
    } catch (err) {
      if (
        err instanceof DomainError &&
        (err.status === 409 || err.status === 403) &&
        err.code !== 'round_closed'
      ) {
        await repo.refuse(db, row.id, err.code, clock.now());
      }
      throw err;
    }
  }

  return {
    /** Stakes an open round (mines) if a disconnect came between drawing it and the debit; the balance. */
    async stakeOpen(p: Player, row: RoundRow): Promise<string | null> {
      if (row.status !== 'open' || row.staked_at !== null) return null;
      const paid = await stake(p, row, await access(p, row));
      await repo.markStaked(db, row.id, clock.now());
      return paid.balance;
    },

    /** Finishes a drawn round: stake (unless an open round already staked it), then pay and close it. */
    async settle(p: Player, row: RoundRow): Promise<{ round: InhouseRound; balance: string }> {
      if (row.status === 'refused') throw new DomainError(row.refusal ?? 'insufficient_funds', 409);
      const a = await access(p, row);
      if (row.status === 'pending' && row.staked_at === null) await stake(p, row, a);
      const paid = await wallet.win(a.vendor, {
        token: a.token,
        txId: `${a.roundId}-win`,
        roundId: a.roundId,
        gameCode: row.game,
        amount: formatAmount(BigInt(row.payout)),
        endRound: true,
      });
      await repo.setStatus(db, row.id, 'settled', null, clock.now());
      return { round: roundView({ ...row, status: 'settled' }), balance: paid.balance };
    },
  };
}

export type RoundSettler = ReturnType<typeof roundSettler>;
