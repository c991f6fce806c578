import type { InhouseRound } from '@panalo/contract/inhouse';
import type { Database } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { sha256Hex } from '../../lib/crypto';
import { DomainError, notFound } from '../../lib/domain-error';
import { FairRng } from '../fairness/fair-rng';
import { openSeedPair } from '../fairness/seed-pair';
import { HmacStream } from '../fairness/streams';
import { keepFirstAnswer, storedAnswer } from '../wallet/idempotency';
import { drawMineCells, mines, MINES_CELLS, parseMinesStart } from '../inhouse-games/mines/mines';
import { inhousePlayRepository as repo, type RoundRow } from './inhouse-play.repository';
import { betErrorKey, jsonSafe, minorBet } from './inhouse-play.service';
import { minesProgress, roundView, type Player, type RoundSettler } from './inhouse-play.settle';
import { inTransaction } from '../../db/transaction';

const GAME = 'mines';
type Answer = { round: InhouseRound; balance: string | null };

class OpenConflict extends Error {}

/**
 * Mines played tile by tile. Start draws the board from the next nonce of the member's seed pair (the
 * same draw as a one-shot round, stored and never shown) and stakes the amount; each reveal adds a pick;
 * a mine or a cash-out ends the round, whose outcome is then recomputed from the seeds with the picks in
 * the order made (so it verifies like any round) and paid. A disconnect leaves the round open: the member
 * resumes it with the same board, never a new draw.
 */
export function inhouseMinesService(db: Database, clock: Clock, settler: RoundSettler) {
  /** Stakes a round drawn but not yet debited (an interrupted start); refused rounds are answered 409. */
  async function staked(p: Player, row: RoundRow): Promise<string | null> {
    if (row.status === 'refused') throw new DomainError(row.refusal ?? 'insufficient_funds', 409);
    return settler.stakeOpen(p, row);
  }

  /** Ends or advances an open round under its row lock; then pays it if it ended. */
  async function step(
    p: Player,
    roundId: string,
    move: (picks: number[], mineCells: number[], minesCount: number) => number[] | 'cashout',
  ): Promise<Answer> {
    const id = BigInt(roundId);
    const before = await repo.roundById(db, p, id);
    if (!before || before.game !== GAME) throw notFound('inhouse_round_unknown');
    const stakeBalance = await staked(p, before);
    const after = await inTransaction(db, 'inhouse-mines.service.move', async (trx) => {
      const r = await repo.lockRound(trx, p, id);
      if (!r || r.status !== 'open') return r;
      const { mines: count, picks } = minesProgress(r.bet);
      const board = (r.outcome as { mineCells: number[] }).mineCells;
      const moved = move(picks, board, count);
      const ends =
        moved === 'cashout' || moved.some((c) => board.includes(c)) || moved.length === MINES_CELLS - count;
      const finalPicks = moved === 'cashout' ? picks : moved;
      const bet = { ...r.bet, picks: finalPicks };
      if (!ends) {
        await repo.savePicks(trx, id, bet);
        return { ...r, bet };
      }
      // The end of the round is exactly the one-shot round with these picks, drawn from the seeds.
      const parsed = mines.parseBet(minorBet(bet).bet);
      if (!parsed.ok) throw new DomainError(betErrorKey(parsed.code), 400);
      const done = mines.play(new FairRng(new HmacStream(r.server_seed, r.client_seed, r.nonce)), parsed.bet);
      const final = {
        bet,
        payout: done.payout,
        multiplier: done.multiplier.toFixed(4),
        outcome: jsonSafe(done.outcome),
      };
      await repo.finishOpen(trx, id, final);
      return { ...r, ...final, status: 'pending' as const };
    });
    if (!after) throw notFound('inhouse_round_unknown');
    if (after.status === 'pending') return settler.settle(p, after);
    if (after.status === 'refused') throw new DomainError(after.refusal ?? 'insufficient_funds', 409);
    return { round: roundView(after), balance: stakeBalance };
  }

  return {
    /** The member's open mines round, staked if a disconnect came before the debit; null when none. */
    async open(p: Player): Promise<Answer | null> {
      const row = await repo.openRound(db, p, GAME);
      if (!row) return null;
      const balance = await staked(p, row);
      return { round: roundView(row), balance };
    },

    /** Opens a round: the board is drawn now from the committed seeds; the stake is debited. */
    async start(p: Player, body: Record<string, unknown>, key: string): Promise<Answer> {
      const { stake, bet } = minorBet(body);
      const parsed = parseMinesStart(bet);
      if (!parsed.ok) throw new DomainError(betErrorKey(parsed.code), 400);
      const hash = sha256Hex(JSON.stringify(['mines:start', body]));
      const answer = async (row: RoundRow | undefined): Promise<Answer> => {
        if (!row) throw new Error('round vanished');
        if (row.request_hash !== hash)
          throw new DomainError('idempotency_conflict', 409, 'This key was used for another request');
        const balance = await staked(p, row);
        return { round: roundView(row), balance };
      };
      // The first answer is kept under the key: a replay returns it as it was (not the round as it is
      // after reveals, nor a balance of null because the stake was taken already).
      const ref = { merchantId: p.merchantId, scope: `mines.start:${p.memberId}`, key, hash };
      const kept = await storedAnswer<Answer>(db, ref);
      if (kept) return kept.body;
      const keep = async (row: RoundRow | undefined) => keepFirstAnswer(db, ref, await answer(row));
      const prior = await repo.roundByKey(db, p, key);
      if (prior) return keep(prior);
      await repo.activeSeed(db, p, () => openSeedPair(), clock.now());
      try {
        const id = await inTransaction(db, 'inhouse-mines.service.keep', async (trx) => {
          const s = await repo.takeNonce(trx, p);
          if (!s) throw new Error('no live seed pair');
          const mineCells = drawMineCells(
            new FairRng(new HmacStream(s.server_seed, s.client_seed, s.nonce)),
            parsed.bet.mines,
          );
          const made = await repo.insertRound(trx, {
            ...p,
            game: GAME,
            seedId: s.id,
            nonce: s.nonce,
            book: p.memberType === 4 ? 'play' : 'real',
            bet: { amount: body.amount, mines: parsed.bet.mines, picks: [] },
            stake,
            payout: 0n,
            multiplier: '0.0000',
            outcome: { mineCells, hitAt: null },
            key,
            hash,
            at: clock.now(),
            status: 'open',
          });
          // Nothing inserted: this key raced us, or another round is open. Undo the nonce either way.
          if (made === null) throw new OpenConflict();
          return made;
        });
        return await keep(await repo.roundById(db, p, id));
      } catch (err) {
        if (!(err instanceof OpenConflict)) throw err;
        const raced = await repo.roundByKey(db, p, key);
        if (raced) return keep(raced);
        throw new DomainError('inhouse_round_open', 409, 'Finish your open round first');
      }
    },

    /** Reveals one tile of the open round: safe → the round goes on; a mine → lost. Repeats change nothing. */
    reveal(p: Player, roundId: string, cell: number): Promise<Answer> {
      if (!Number.isInteger(cell) || cell < 0 || cell >= MINES_CELLS)
        throw new DomainError('inhouse_bet_picks_invalid', 400);
      return step(p, roundId, (picks) => (picks.includes(cell) ? picks : [...picks, cell]));
    },

    /** Cashes the open round out at its current multiplier (at least one safe tile first). */
    cashOut(p: Player, roundId: string): Promise<Answer> {
      return step(p, roundId, (picks) => {
        if (picks.length === 0) throw new DomainError('inhouse_mines_no_pick', 400, 'Reveal a tile first');
        return 'cashout';
      });
    },
  };
}
