import { formatAmount, parseAmount } from '@panalo/contract/money';
import type { InhouseGameInfo, InhousePlayRequest, InhouseRound } from '@panalo/contract/inhouse';
import type { Database } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { sha256Hex } from '../../lib/crypto';
import { DomainError, notFound } from '../../lib/domain-error';
import { FairRng } from '../fairness/fair-rng';
import { replay } from '../inhouse-games/replay';
import { openSeedPair } from '../fairness/seed-pair';
import { hashServerSeed, isClientSeed, verifyServerSeed } from '../fairness/seeds';
import { HmacStream } from '../fairness/streams';
import { INHOUSE_GAMES, inhouseGame, type AnyInhouseGame } from '../inhouse-games/registry';
import { SLOT_TITLES } from '../inhouse-games/slot/titles';
import { inhousePlayRepository as repo } from './inhouse-play.repository';
import { roundView, type Player, type RoundSettler } from './inhouse-play.settle';
import { inTransaction } from '../../db/transaction';

export type { Player } from './inhouse-play.settle';

/** How many past rounds a member can recall per game. */
export const LAST_ROUNDS = 10;

/** JSON of outcomes that may hold bigints (payout tables, line wins). */
export const jsonSafe = (v: unknown): unknown =>
  JSON.parse(JSON.stringify(v, (_k, x: unknown) => (typeof x === 'bigint' ? x.toString() : x)));

/** JSON with object keys sorted (jsonb does not keep key order), to compare stored and recomputed outcomes. */
export function canonicalJson(v: unknown): string {
  return JSON.stringify(v, (_k, x: unknown) =>
    x !== null && typeof x === 'object' && !Array.isArray(x)
      ? Object.fromEntries(Object.entries(x as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)))
      : x,
  );
}

/** An engine's bet-error code ('inhouse.bet.targetInvalid') as a message key ('inhouse_bet_target_invalid'). */
export const betErrorKey = (code: string) =>
  code.replace(/\./g, '_').replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** The catalogue's game id (`dice`, `pearl-of-manila`) → the engine (slot titles are `slot:<title>`). */
export function engineOf(game: string): AnyInhouseGame | undefined {
  return inhouseGame(game) ?? inhouseGame(`slot:${game}`);
}

/** Every game of ours as the screens show it (catalogue ids: slot titles without their `slot:`). */
export function inhouseCatalogue(): InhouseGameInfo[] {
  return INHOUSE_GAMES.map((g) => {
    const slot = g.id.startsWith('slot:') ? SLOT_TITLES.find((t) => `slot:${t.id}` === g.id) : undefined;
    return {
      id: slot ? slot.id : g.id,
      kind: slot ? 'slot' : (g.id as InhouseGameInfo['kind']),
      nameKey: g.nameKey,
      statedRtpBp: g.statedRtpBp,
      minBet: formatAmount(g.help.minBet),
      maxBet: formatAmount(g.help.maxBet),
      rulesKeys: [...g.help.rulesKeys],
      facts: { ...g.help.facts },
      ...(slot ? { symbols: [...slot.symbols] } : {}),
    };
  });
}

/** A decimal amount on the wire → the digits of minor units the engines read. */
export function minorBet(body: Record<string, unknown>): { stake: bigint; bet: Record<string, unknown> } {
  const stake = typeof body.amount === 'string' ? parseAmount(body.amount) : null;
  if (stake === null || stake <= 0n) throw new DomainError('amount_invalid', 400, 'Enter a valid amount');
  return { stake, bet: { ...body, amount: stake.toString() } };
}

/**
 * Our own games on the seamless wallet: a round takes the next nonce of the member's committed seed pair,
 * computes its outcome once and stores it, then stakes and pays through the game wallet in-process (as
 * the internal vendor PNL) with transaction ids derived from the round — so an interrupted round is
 * finished later with the outcome it already had, and nothing is applied twice.
 */
export function inhousePlayService(db: Database, clock: Clock, settler: RoundSettler) {
  const fresh = () => openSeedPair();

  return {
    /** The member's live seed pair: the server seed's hash (never the seed), the client seed, the next nonce. */
    async seed(p: Player) {
      const s = await repo.activeSeed(db, p, fresh, clock.now());
      return { serverSeedHash: s.server_seed_hash, clientSeed: s.client_seed, nonce: s.nonce };
    },

    /** Ends the live pair (its server seed becomes public) and commits a new one. */
    async rotate(p: Player, clientSeed: string | undefined) {
      if (clientSeed !== undefined && !isClientSeed(clientSeed))
        throw new DomainError('client_seed_invalid', 400, 'Use 1–64 printable characters without ":"');
      await repo.activeSeed(db, p, fresh, clock.now());
      const next = openSeedPair(clientSeed);
      const ended = await inTransaction(db, 'inhouse-play.service.rotate', async (trx) => {
        const old = await repo.rotate(trx, p, next, clock.now());
        // An open mines board comes from this seed: revealing it now would show where the mines are.
        // (Checked after the pair's row lock, so a round opened a moment ago is seen.)
        if (await repo.hasOpenRound(trx, p))
          throw new DomainError('inhouse_round_open', 409, 'Finish your open round first');
        return old;
      });
      if (!ended) throw new Error('no live seed pair to rotate');
      return {
        revealed: {
          serverSeed: ended.server_seed,
          serverSeedHash: ended.server_seed_hash,
          clientSeed: ended.client_seed,
          nonce: ended.nonce,
        },
        next: { serverSeedHash: next.serverSeedHash, clientSeed: next.clientSeed, nonce: 0 },
      };
    },

    /** Plays one round (idempotent by key: a repeat returns the first round, or finishes it). */
    async play(p: Player, game: string, body: InhousePlayRequest, key: string) {
      const engine = engineOf(game);
      if (!engine) throw notFound('inhouse_game_unknown');
      const { stake, bet } = minorBet(body);
      const parsed = engine.parseBet(bet);
      if (!parsed.ok) throw new DomainError(betErrorKey(parsed.code), 400);
      const hash = sha256Hex(JSON.stringify([game, body]));
      const prior = await repo.roundByKey(db, p, key);
      if (prior) {
        if (prior.request_hash !== hash)
          throw new DomainError('idempotency_conflict', 409, 'This key was used for another request');
        return settler.settle(p, prior);
      }
      await repo.activeSeed(db, p, fresh, clock.now());
      const id = await inTransaction(db, 'inhouse-play.service.play', async (trx) => {
        const s = await repo.takeNonce(trx, p);
        if (!s) throw new Error('no live seed pair');
        const round = engine.play(
          new FairRng(new HmacStream(s.server_seed, s.client_seed, s.nonce)),
          parsed.bet,
        );
        return repo.insertRound(trx, {
          ...p,
          game,
          seedId: s.id,
          nonce: s.nonce,
          book: p.memberType === 4 ? 'play' : 'real',
          bet: body,
          stake,
          payout: round.payout,
          multiplier: round.multiplier.toFixed(4),
          outcome: jsonSafe(round.outcome),
          key,
          hash,
          at: clock.now(),
        });
      });
      // null: the same key won a race a moment ago; that round is the answer.
      const row = id === null ? await repo.roundByKey(db, p, key) : await repo.roundById(db, p, id);
      if (!row) throw new Error('round vanished');
      if (row.request_hash !== hash)
        throw new DomainError('idempotency_conflict', 409, 'This key was used for another request');
      return settler.settle(p, row);
    },

    /**
     * The member's last rounds of a game, newest first. Rounds a disconnect interrupted are finished
     * first, with the outcome they already had.
     */
    async rounds(p: Player, game: string): Promise<InhouseRound[]> {
      if (!engineOf(game)) throw notFound('inhouse_game_unknown');
      for (const r of await repo.pendingRounds(db, p)) await settler.settle(p, r).catch(() => undefined);
      const rows = await repo.lastRounds(db, p, game, LAST_ROUNDS);
      return rows.filter((r) => r.status !== 'refused' && r.status !== 'open').map(roundView);
    },

    /**
     * Public, by round id once its seed is revealed: the stored round beside its recomputation, and
     * whether the seed matches the hash shown before play and the outcome and payout match.
     */
    async verifyStored(merchantId: number, id: string) {
      const row = await repo.settledRound(db, merchantId, BigInt(id));
      if (!row) throw notFound('inhouse_round_unknown');
      const seed = row.revealed_seed;
      if (seed === null)
        throw new DomainError('inhouse_seed_not_revealed', 409, 'The seed of this round is still secret');
      const recomputed = this.verify({
        game: row.game,
        serverSeed: seed,
        clientSeed: row.client_seed,
        nonce: row.nonce,
        bet: row.bet,
      });
      const round = roundView(row);
      return {
        round,
        recomputed,
        hashMatches: verifyServerSeed(seed, row.server_seed_hash),
        outcomeMatches:
          recomputed.payout === round.payout &&
          canonicalJson(recomputed.outcome) === canonicalJson(row.outcome),
      };
    },

    /** Public: recomputes any round from its seeds (the verification page). */
    verify(o: {
      game: string;
      serverSeed: string;
      clientSeed: string;
      nonce: number;
      bet: Record<string, unknown>;
    }) {
      const engine = engineOf(o.game);
      if (!engine) throw notFound('inhouse_game_unknown');
      const { bet } = minorBet(o.bet);
      const r = replay(o.serverSeed, o.clientSeed, o.nonce, engine.id, bet);
      if (!r.ok) throw new DomainError(betErrorKey(r.code), 400);
      return {
        serverSeedHash: hashServerSeed(o.serverSeed),
        payout: formatAmount(r.round.payout),
        multiplier: r.round.multiplier.toFixed(4),
        outcome: jsonSafe(r.round.outcome),
      };
    },
  };
}
