import { randomBytes, randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { journal } from '../../lib/journal';
import { z } from 'zod';
import { formatAmount, parseAmount } from '@panalo/contract/money';
import { amountString } from '@panalo/contract/wallet';
import type { Engine } from './engine-kit';
import { cryptoRandomInt, type RandomInt } from './engine-kit';
import { engineFor } from './engines';
import { gamePage, notFoundPage } from './vendor-sim.page';
import { walletClient } from './wallet-client';
import {
  decimalOfUnits,
  hub88OperatorApi,
  hub88WalletClient,
  pageErrorOf,
  type Hub88Launch,
  type Hub88SimKeys,
} from './hub88-sim';
import {
  hub88TransactionBook,
  type Hub88TransactionBook,
  type Hub88TxSource,
} from './hub88-transactions-sim';

export interface VendorSimOptions {
  /** Our API's origin: callbacks go to `<apiBaseUrl>/api/game-wallet/<vendorCode>/<callback>`. */
  apiBaseUrl: string;
  vendorCode?: string;
  /** The HMAC secret the operator gave the vendor for one merchant (undefined: not a client of ours). */
  secretFor: (merchant: string) => Promise<string | undefined>;
  host?: string;
  /** 0 (default): an ephemeral port. */
  port?: number;
  /** Outcome randomness: node:crypto unless a test scripts it. */
  random?: RandomInt;
  timeoutMs?: number;
  log?: (msg: string) => void;
  /** Also play Hub88 (its operator API, and its Wallet API calls to us) with these keys. */
  hub88?: Hub88SimKeys;
  /** The time Hub88 books its transactions at (a test's clock); the wall clock by default. */
  now?: () => Date;
  /** Hub88's transactions/list calls allowed per second before it answers 429. */
  hub88ListPerSecond?: number;
  /** Where Hub88's books are kept across restarts (npm start: DATA_DIR/simulators); memory only without. */
  hub88BookFile?: string;
}

/** One round as the simulator played it (the last thousand are kept in memory, for tests and the log). */
export interface SimRound {
  roundId: string;
  merchant: string;
  gameCode: string;
  stake: string;
  win: string;
  settled: boolean;
}

export interface VendorSim {
  url: string;
  rounds: SimRound[];
  /** Hub88's books: every transaction the simulator sent as Hub88 (and breaks planted there). */
  hub88Book: Hub88TransactionBook;
  /** Serves transactions/list from another source (the bench's made-up day); undefined: the book. */
  setHub88Source(source: Hub88TxSource | undefined): void;
  close(): Promise<void>;
}

/** Limits of one stake, in minor units: the title's minimum to 100,000.00. */
const MAX_STAKE = 10_000_000n;
/** Rounds kept in memory for tests and the log (a demo that runs for days stays small). */
const MAX_ROUNDS_KEPT = 1_000;
/** Launches remembered (by merchant and token), oldest forgotten first. */
const MAX_LAUNCHES = 10_000;

/** What the vendor remembers of a launch: the page's rounds play this title, at no less than its minimum. */
interface Launch {
  game: string;
  engine: Engine;
  min: bigint;
}

const launchQuery = z.object({
  token: z.string().min(16).max(200),
  merchant: z.string().regex(/^[A-Za-z0-9_-]{1,32}$/),
  lang: z
    .string()
    .regex(/^[A-Za-z_]{2,8}$/)
    .default('EN'),
  back: z.url({ protocol: /^https?$/ }),
  type: z.string().regex(/^[A-Z][A-Z0-9_]{1,15}$/),
  name: z.string().min(1).max(100),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .default('PHP'),
  /** The catalogue's minimum stake of the title. */
  min: amountString.default('0.01'),
});
const gameCode = z.string().regex(/^[A-Za-z0-9_.-]{1,64}$/);
const sessionBody = z.object({
  token: z.string().min(16).max(200),
  merchant: z.string().regex(/^[A-Za-z0-9_-]{1,32}$/),
});
const plantBody = z.object({
  merchant: z.string().regex(/^[A-Za-z0-9_-]{1,32}$/),
  kind: z.enum(['unanswered_win', 'double_round', 'amount_off']),
});
const roundBody = sessionBody.extend({
  stake: z.string().max(16),
  pick: z.string().max(16).optional(),
});

/**
 * The game vendor simulator: an outside party on loopback hosting every demo vendor's games. It holds
 * the operators' wallet secrets on its server side only; its pages call it, and it calls the operator's
 * seamless-wallet callbacks (authenticate, bet, win, end; rollback when a bet went unanswered).
 */
export async function startVendorSim(o: VendorSimOptions): Promise<VendorSim> {
  const vendorCode = o.vendorCode ?? 'PSIM';
  const random = o.random ?? cryptoRandomInt;
  const log = o.log ?? (() => {});
  const wallet = walletClient({
    apiBaseUrl: o.apiBaseUrl,
    vendorCode,
    secretFor: o.secretFor,
    ...(o.timeoutMs ? { timeoutMs: o.timeoutMs } : {}),
  });
  const rounds: SimRound[] = [];
  const launches = new Map<string, Launch>();
  const launchKey = (merchant: string, token: string) => `${merchant} ${token}`;
  const app: FastifyInstance = Fastify({ logger: false, bodyLimit: 8 * 1024 });
  let url = '';
  // Hub88 launches by the page's launch id (the wallet token stays on this server's side).
  const hub88Launches = new Map<string, Hub88Launch>();
  const hub88 = o.hub88
    ? hub88WalletClient({
        apiBaseUrl: o.apiBaseUrl,
        hub88PrivateKey: o.hub88.hub88PrivateKey,
        ...(o.timeoutMs ? { timeoutMs: o.timeoutMs } : {}),
      })
    : null;
  if (o.hub88)
    hub88OperatorApi(app, o.hub88, {
      simUrl: () => url,
      launches: hub88Launches,
      maxLaunches: MAX_LAUNCHES,
      transactions: () => hub88Source ?? hub88Book.source,
      ...(o.hub88ListPerSecond ? { listPerSecond: o.hub88ListPerSecond } : {}),
    });
  const now = o.now ?? (() => new Date());
  const hub88Book = hub88TransactionBook(journal(o.hub88BookFile));
  let hub88Source: Hub88TxSource | undefined;
  const hub88LaunchOf = (merchant: string, id: string) => {
    const h = hub88Launches.get(id);
    return h && h.merchant === merchant ? h : undefined;
  };

  app.get('/health', async () => ({ ok: true }));

  // Plants a break in Hub88's books (the demo and the tests show reconciliation finding it).
  app.post('/sim/hub88/plant', async (req, reply) => {
    const b = plantBody.safeParse(req.body);
    if (!b.success) return reply.status(400).send({ error: 'invalid' });
    const t = hub88Book.plant(b.data.kind, b.data.merchant, now());
    if (!t) return reply.status(404).send({ error: 'no_round' });
    return { planted: b.data.kind, transaction: t };
  });

  app.get('/games/:code', async (req, reply) => {
    const code = gameCode.safeParse((req.params as { code: string }).code);
    const q = launchQuery.safeParse(req.query);
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
    if (!code.success || !q.success) return reply.status(400).send(notFoundPage());
    const engine = engineFor(q.data.type, code.data);
    const key = launchKey(q.data.merchant, q.data.token);
    launches.delete(key);
    launches.set(key, { game: code.data, engine, min: parseAmount(q.data.min) ?? 1n });
    if (launches.size > MAX_LAUNCHES) launches.delete(launches.keys().next().value!);
    return gamePage({ ...q.data, gameCode: code.data, engine });
  });

  app.post('/api/session', async (req, reply) => {
    const b = sessionBody.safeParse(req.body);
    if (!b.success) return reply.status(400).send({ error: 'invalid' });
    const h = hub88LaunchOf(b.data.merchant, b.data.token);
    if (h && hub88) {
      const a = await hub88.call(h.merchant, 'user/balance', {
        user: h.user,
        token: h.token,
        game_code: h.title.game_code,
      });
      if (a.status !== 'RS_OK' || a.balance === null)
        return reply
          .status(a.status === '' ? 502 : 409)
          .send({ error: a.status === '' ? 'unavailable' : pageErrorOf(a.status) });
      return { balance: decimalOfUnits(a.balance), currency: a.currency ?? h.currency, player: h.user };
    }
    const a = await wallet.call(b.data.merchant, 'authenticate', { token: b.data.token });
    if (!a.ok) return reply.status(a.status === 0 ? 502 : a.status).send({ error: a.code ?? 'refused' });
    return { balance: a.balance, currency: a.currency, player: a.nickname ?? a.username };
  });

  app.post('/api/round', async (req, reply) => {
    const b = roundBody.safeParse(req.body);
    if (!b.success) return reply.status(400).send({ error: 'invalid' });
    const { token, merchant } = b.data;
    const launch = launches.get(launchKey(merchant, token));
    // Rounds are played on a page this vendor served (its title and minimum), never on what a caller says.
    if (!launch) return reply.status(400).send({ error: 'unknown_session' });
    const game = launch.game;
    const stake = parseAmount(b.data.stake);
    if (stake === null || stake <= 0n || stake > MAX_STAKE)
      return reply.status(400).send({ error: 'invalid_stake' });
    if (stake < launch.min)
      return reply.status(400).send({ error: 'below_min_stake', min: formatAmount(launch.min) });
    // The outcome is drawn before the stake is taken but shown only once it is: a refused bet shows nothing.
    const outcome = launch.engine.play(stake, b.data.pick, random);
    if (!outcome) return reply.status(400).send({ error: 'invalid_pick' });

    const roundId = `r${randomBytes(10).toString('hex')}`;
    /** The round as played, kept (the last thousand) once its bet is taken; settled when paid. */
    const keepRound = (): SimRound => {
      const r: SimRound = {
        roundId,
        merchant,
        gameCode: game,
        stake: formatAmount(stake),
        win: formatAmount(outcome.win),
        settled: false,
      };
      rounds.push(r);
      if (rounds.length > MAX_ROUNDS_KEPT) rounds.shift();
      return r;
    };
    const h = hub88LaunchOf(merchant, token);
    if (h && hub88) {
      // Hub88's round: transaction/bet, then transaction/win naming the bet (0 for a loss) and closing the
      // round; a bet left unanswered is rolled back (a rollback of a bet never seen leaves a tombstone).
      // Each call is booked at Hub88 as it is sent, its status set by the answer (transactions/list).
      const tx = { user: h.user, token: h.token, round: roundId, game_code: game, is_free: false };
      const booked = (type: 'bet' | 'win' | 'rollback', uuid: string, amount: number, ref: string | null) =>
        hub88Book.record({
          transaction_uuid: uuid,
          reference_transaction_uuid: ref,
          type,
          sub_partner_id: merchant,
          user: h.user,
          round: roundId,
          game_code: game,
          currency: h.currency,
          amount,
          at: now(),
        });
      const unanswered = (status: string) => status === '' || status === 'RS_ERROR_UNKNOWN';
      const betTx = randomUUID();
      booked('bet', betTx, Number(stake) * 1000, null);
      const placed = await hub88.call(merchant, 'transaction/bet', {
        ...tx,
        transaction_uuid: betTx,
        supplier_transaction_id: `${roundId}-bet`,
        round_closed: false,
        currency: h.currency,
        amount: Number(stake) * 1000,
      });
      if (placed.status !== 'RS_OK') {
        if (unanswered(placed.status)) {
          const rollbackTx = randomUUID();
          booked('rollback', rollbackTx, 0, betTx);
          const back = await hub88.deliver(merchant, 'transaction/rollback', {
            ...tx,
            transaction_uuid: rollbackTx,
            reference_transaction_uuid: betTx,
            round_closed: true,
          });
          if (back.status === 'RS_OK') {
            hub88Book.setStatus(betTx, 'TS_ROLLED_BACK');
            hub88Book.setStatus(rollbackTx, 'TS_SUCCESS');
          }
          log(`vendor-sim: Hub88 bet ${betTx} unanswered, rolled back`);
          return reply.status(502).send({ error: 'unavailable' });
        }
        hub88Book.setStatus(betTx, 'TS_DECLINED');
        return reply.status(409).send({
          error: pageErrorOf(placed.status),
          balance: placed.balance === null ? null : decimalOfUnits(placed.balance),
        });
      }
      hub88Book.setStatus(betTx, 'TS_SUCCESS');
      const round = keepRound();
      const winTx = randomUUID();
      booked('win', winTx, Number(outcome.win) * 1000, betTx);
      const paid = await hub88.deliver(merchant, 'transaction/win', {
        ...tx,
        transaction_uuid: winTx,
        supplier_transaction_id: `${roundId}-win`,
        reference_transaction_uuid: betTx,
        round_closed: true,
        currency: h.currency,
        amount: Number(outcome.win) * 1000,
      });
      round.settled = paid.status === 'RS_OK';
      // Hub88 owes a win its operator never answered (it is booked, and shows in reconciliation); a win
      // the operator refused outright is declined.
      hub88Book.setStatus(winTx, round.settled || unanswered(paid.status) ? 'TS_SUCCESS' : 'TS_DECLINED');
      if (!round.settled || paid.balance === null) {
        log(`vendor-sim: Hub88 round ${roundId} not settled (${paid.status})`);
        return reply.status(502).send({ error: 'unavailable' });
      }
      return {
        roundId,
        stake: formatAmount(stake),
        win: formatAmount(outcome.win),
        balance: decimalOfUnits(paid.balance),
        detail: outcome.detail,
      };
    }
    const betTx = `${roundId}-bet`;
    const bet = await wallet.call(merchant, 'bet', {
      token,
      txId: betTx,
      roundId,
      gameCode: game,
      amount: formatAmount(stake),
    });
    if (!bet.ok) {
      if (bet.status === 0 || bet.status >= 500) {
        // Unknown whether the stake was taken: cancel it (a rollback of a bet never seen leaves a tombstone).
        await wallet.deliver(merchant, 'rollback', {
          token,
          txId: `${roundId}-rb`,
          originalTxId: betTx,
          roundId,
        });
        log(`vendor-sim: bet ${betTx} unanswered, rolled back`);
        return reply.status(502).send({ error: 'unavailable' });
      }
      return reply.status(bet.status).send({ error: bet.code ?? 'refused', balance: bet.balance });
    }
    const round = keepRound();
    const win = await wallet.deliver(merchant, 'win', {
      token,
      txId: `${roundId}-win`,
      roundId,
      gameCode: game,
      amount: formatAmount(outcome.win),
    });
    const end = win.ok
      ? await wallet.deliver(merchant, 'end', { token, txId: `${roundId}-end`, roundId })
      : win;
    round.settled = win.ok && end.ok;
    if (!round.settled) {
      log(`vendor-sim: round ${roundId} not settled (${win.code ?? ''} ${end.code ?? ''})`);
      return reply.status(502).send({ error: 'unavailable' });
    }
    return {
      roundId,
      stake: formatAmount(stake),
      win: formatAmount(outcome.win),
      balance: end.balance ?? win.balance,
      detail: outcome.detail,
    };
  });

  await app.listen({ port: o.port ?? 0, host: o.host ?? '127.0.0.1' });
  const port = (app.server.address() as { port: number }).port;
  url = `http://${o.host ?? '127.0.0.1'}:${port}`;
  return {
    url,
    rounds,
    hub88Book,
    setHub88Source: (source) => {
      hub88Source = source;
    },
    close: () => app.close(),
  };
}
