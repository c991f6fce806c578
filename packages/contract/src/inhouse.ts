import { z } from 'zod';
import { dbIdString, ok } from './common';
import { amountString } from './wallet';

// Our own games (issue 5): play, seeds (commit–reveal), the last rounds and public verification.
// Each money-moving POST carries an Idempotency-Key header (a repeat returns the first answer).

/** The game ids: dice, crash, mines, plinko, baccarat, and slot titles as `slot:<title>`. */
export const inhouseGameId = z.string().regex(/^[a-z][a-z0-9-]{1,30}(:[a-z0-9-]{1,40})?$/, 'game');

export const inhouseGameParams = z.object({ game: inhouseGameId });

/**
 * A round's bet: `amount` is a decimal string (minor units inside); the other fields are the game's own
 * (dice: target, direction; crash: target multiplier; mines: mines, picks; plinko: rows, risk;
 * baccarat: side; slots: lines).
 */
export const inhousePlayRequest = z
  .object({ amount: amountString })
  .catchall(z.union([z.string().max(40), z.number(), z.array(z.number().int()).max(25)]));
export type InhousePlayRequest = z.infer<typeof inhousePlayRequest>;

export const seedView = z.object({
  serverSeedHash: z.string(),
  clientSeed: z.string(),
  /** The nonce the next round will use. */
  nonce: z.number().int(),
});

export const inhouseRound = z.object({
  id: z.string().regex(/^\d{1,19}$/),
  game: z.string(),
  nonce: z.number().int(),
  serverSeedHash: z.string(),
  clientSeed: z.string(),
  /** Published once the pair is rotated; null until then. */
  serverSeed: z.string().nullable(),
  bet: z.record(z.string(), z.unknown()),
  stake: amountString,
  payout: amountString,
  multiplier: z.string(),
  /** Null while a mines round is open (its board stays hidden until the round ends). */
  outcome: z.unknown(),
  status: z.enum(['open', 'pending', 'settled', 'refused']),
  createdAt: z.string(),
  /** An open mines round: the safe picks so far, what cashing out pays now, the next tile's multiplier. */
  mines: z
    .object({
      picks: z.array(z.number().int()),
      cashOut: amountString,
      multiplier: z.string(),
      nextMultiplier: z.string().nullable(),
    })
    .optional(),
});
export type InhouseRound = z.infer<typeof inhouseRound>;

export const inhousePlayResponse = ok(z.object({ round: inhouseRound, balance: amountString }));

// Mines played tile by tile: start (Idempotency-Key; the stake moves), reveal, cash out, and the open
// round on load (a round a disconnect interrupted resumes with the same board).
export const minesStartRequest = z.object({ amount: amountString, mines: z.number().int() });
const roundIdString = dbIdString;
export const minesRevealRequest = z.object({ roundId: roundIdString, cell: z.number().int() });
export const minesCashOutRequest = z.object({ roundId: roundIdString });
/** `balance` is null when the step moved no money (a safe tile). */
export const minesStep = z.object({ round: inhouseRound, balance: amountString.nullable() });
export type MinesStep = z.infer<typeof minesStep>;
export const minesStepResponse = ok(minesStep);
export const minesOpenResponse = ok(minesStep.nullable());
export const seedResponse = ok(seedView);
export const rotateRequest = z.object({ clientSeed: z.string().max(64).optional() });
export const rotateResponse = ok(
  z.object({
    /** The pair that ended: its server seed is now public. */
    revealed: z.object({
      serverSeed: z.string(),
      serverSeedHash: z.string(),
      clientSeed: z.string(),
      nonce: z.number(),
    }),
    next: seedView,
  }),
);
export const roundsResponse = ok(z.array(inhouseRound));

export const verifyRequest = z.object({
  game: inhouseGameId,
  serverSeed: z.string().max(64),
  clientSeed: z.string().max(64),
  nonce: z.number().int().min(0).max(2_000_000_000),
  bet: z.record(z.string(), z.unknown()),
});
export const verifyResponse = ok(
  z.object({
    serverSeedHash: z.string(),
    payout: amountString,
    multiplier: z.string(),
    outcome: z.unknown(),
  }),
);

export const roundIdParams = z.object({ id: roundIdString });
/** A stored round recomputed from its revealed seed (public, by round id). */
export const verifiedRound = z.object({
  round: inhouseRound,
  recomputed: z.object({
    serverSeedHash: z.string(),
    payout: amountString,
    multiplier: z.string(),
    outcome: z.unknown(),
  }),
  /** The revealed seed hashes to the commitment shown before play. */
  hashMatches: z.boolean(),
  /** The recomputed outcome and payout are the stored ones. */
  outcomeMatches: z.boolean(),
});
export type VerifiedRound = z.infer<typeof verifiedRound>;
export const verifiedRoundResponse = ok(verifiedRound);

/** One of our games as the screens show it: stated RTP, bet bounds, help (message keys and figures). */
export const inhouseGameInfo = z.object({
  /** The catalogue's game id (route /m/inhouse/<id>). */
  id: z.string(),
  kind: z.enum(['dice', 'crash', 'mines', 'plinko', 'baccarat', 'slot']),
  nameKey: z.string(),
  statedRtpBp: z.number().int(),
  minBet: amountString,
  maxBet: amountString,
  rulesKeys: z.array(z.string()),
  facts: z.record(z.string(), z.union([z.string(), z.number()])),
  /** Slots: the theme ids of the symbols (0 = wild, 1 = scatter). */
  symbols: z.array(z.string()).optional(),
});
export type InhouseGameInfo = z.infer<typeof inhouseGameInfo>;
export const inhouseGamesResponse = ok(z.array(inhouseGameInfo));
