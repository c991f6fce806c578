// Long file: one soak run from start to end (its clients, its crash loop, its checks) reads best in one place.
// npm run soak [-- --ops N --kills K --clients C]: crash-proof money (issue 22 item 9). A real API process
// on a scratch PostgreSQL database takes concurrent money operations over HTTP — vendor bets, wins and
// rollbacks, in-house rounds, lottery orders and cancels, withdrawals, upline transfers, operator
// adjustments — with replays of the same idempotency key (some with a changed body), and is SIGKILLed and
// restarted K times. Every request whose answer was lost (no answer, 5xx, in progress) is sent again
// until its answer is definitive. Then: each member's balance equals what it started with plus what the
// answers said moved (and the draws' wins), every replay answered as the first time, a changed body was
// refused, and the ledger's invariants hold. Prints bench lines; exits 1 when one says FAIL.
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { formatAmount, parseAmount } from '@panalo/contract/money';
import { openDatabase, type Database } from '../db/database';
import { migrateToLatest } from '../db/migrator';
import { seedDemo } from '../db/seed/seed';
import { systemClock } from '../lib/clock';
import { hashPassword } from '../modules/identity/passwords';
import { sessionsRepository } from '../modules/identity/sessions.repository';
import { sessionsService } from '../modules/identity/sessions.service';
import { issueLaunchToken } from '../modules/game-wallet/game-launch';
import { DEMO_VENDOR } from '../modules/game-wallet/game-wallet.seed';
import { signBody, SIGNATURE_HEADER } from '../modules/game-wallet/vendor-auth';
import { fundWallet } from '../modules/game-wallet/vendor-client';
import { getGame } from '../modules/lottery/engine/registry';
import { periodAt } from '../modules/lottery/engine/schedule';
import { checkLedger } from '../modules/wallet/ledger-check';
import { accountBalance, memberWalletKey } from '../modules/wallet/ledger';
import { benchHeader, benchLine, infoLine } from '../../../../scripts/bench-lines.mjs';
import { demoMerchant } from './bench-support';

const here = path.dirname(fileURLToPath(import.meta.url));
const SERVER = path.resolve(here, '../server.ts');
const PASSWORD = 'Soak12345';
const PAY_PW = '135790';
const START_FUNDS = 5_000_000n;
const LOTTERY = 'WINGO5';

export interface SoakOptions {
  /** A scratch PostgreSQL database (it is migrated and seeded here). */
  url: string;
  ops: number;
  kills: number;
  clients: number;
  members: number;
  /** A fixed seed makes the operations the same from run to run (not their timing). */
  seed: number;
  log?: (line: string) => void;
  /** Where the money is sent: one API process of our own by default; the cluster's nginx (soak-cluster.ts). */
  api?: (log: (line: string) => void, onRetry: (exhausted: boolean) => void) => SoakApi;
}

/** The API the soak drives, and the way its processes are killed. */
export interface SoakApi {
  base: string;
  start(): Promise<void>;
  /** SIGKILL (for a cluster: one process, which start() brings back). */
  kill(): Promise<void>;
  stop(): Promise<void>;
  /** Requests go on while a process is down (a cluster behind nginx): a kill does not pause the clients. */
  keepsServing?: boolean;
  /** The transactions its processes retried and those whose retries ran out, when counted at the end. */
  retries?(): Promise<{ retries: number; exhausted: number }>;
}

export interface SoakReport {
  ops: number;
  kills: number;
  /** Sends whose answer was lost (no connection, 5xx, still in progress) and that were sent again. */
  resent: number;
  replays: number;
  /** Replays of a key whose answer differed from the first. */
  replayMismatches: number;
  changedBodies: number;
  /** Changed bodies under a used key that were not refused. */
  changedAccepted: number;
  /** Members whose balance differs from the sum of their answers. */
  balanceMismatches: number;
  ledgerViolations: number;
  refusedByCode: Record<string, number>;
  /** Operations sent, by route (the mix). */
  byRoute: Record<string, number>;
  /** Answers with a 5xx status from the API (sent again, but each one a failure a client saw), by route and code. */
  serverErrors: number;
  /**
   * Answers lost in flight: the load balancer's 502/504 for a request whose process was killed under it (not
   * the API's own answer: no error code). Sent again with the same key, like a broken connection.
   */
  lostInFlight: number;
  serverErrorsBy: Record<string, number>;
  /** Deadlocks PostgreSQL counted in the soak's database (pg_stat_database, before and after). */
  deadlocks: number;
  /** Transactions the API processes retried (each logged), and those whose retries ran out. */
  retries: number;
  retriesExhausted: number;
}

interface Member {
  id: bigint;
  username: string;
  token: string;
  launch: string;
  cardId: string;
  /** Minor units the answers said moved into (+) or out of (−) the wallet, in all and by operation. */
  moved: bigint;
  byOp: Record<string, bigint>;
  bets: { txId: string; roundId: string; amount: bigint; settled: boolean }[];
  orders: { id: string; numero: string }[];
  deposits: string[];
  /** Withdrawals still pending (the operator may reject them). */
  withdrawals: string[];
}

interface Request {
  method: 'POST';
  url: string;
  body: Record<string, unknown>;
  headers: Record<string, string>;
  /** Vendor callbacks are signed; the signature is made per send from the body. */
  signed?: boolean;
}
interface Answer {
  status: number;
  body: Record<string, unknown>;
}

/** A small deterministic generator (mulberry32), so a seed gives the same operations. */
function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)) };
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The API process: started, SIGKILLed, started again on the same port. */
function apiProcess(
  url: string,
  port: number,
  log: (s: string) => void,
  onRetry: (exhausted: boolean) => void,
): SoakApi {
  let child: ChildProcess | null = null;
  const base = `http://127.0.0.1:${port}`;
  async function start() {
    child = spawn(process.execPath, ['--import', 'tsx', SERVER], {
      env: {
        ...process.env,
        DATABASE_URL: url,
        PORT: String(port),
        HOST: '127.0.0.1',
        SEED: 'none',
        // Warnings: the transaction helper logs each retry at this level (counted below).
        LOG_LEVEL: 'warn',
        PAYSIM: '0',
        VENDORSIM: '0',
        DEV_TOOLS: '0',
        RATE_LIMIT_PER_MINUTE: '10000000',
        DATABASE_POOL_SIZE: '10',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    // The log, a JSON line each: retries are counted, the rest passed on.
    let rest = '';
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) {
        if (line.includes('"msg":"transaction retried"')) onRetry(false);
        else if (line.includes('"msg":"transaction retries exhausted"')) onRetry(true);
        // Other warnings and errors go on to stderr; the start-up banner does not.
        else if (line.startsWith('{')) process.stderr.write(`${line}\n`);
      }
    });
    const began = Date.now();
    for (;;) {
      try {
        const r = await fetch(`${base}/api/health`);
        if (r.ok) break;
      } catch {
        /* not listening yet */
      }
      if (Date.now() - began > 60_000) throw new Error('the API process did not start within 60 s');
      await sleep(100);
    }
    log(`api up in ${Date.now() - began} ms`);
  }
  async function stop(signal: NodeJS.Signals) {
    const c = child;
    if (!c || c.exitCode !== null) return;
    const exited = new Promise((r) => c.once('exit', r));
    c.kill(signal);
    await exited;
    child = null;
  }
  return { base, start, kill: () => stop('SIGKILL'), stop: () => stop('SIGTERM') };
}

/**
 * Drops volatile fields (request ids) so that two answers to one key compare as equal; an object's keys in
 * order, since JSON objects are unordered (a stored answer comes back in jsonb's key order).
 */
function comparable(a: Answer): string {
  const strip = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(strip)
      : v && typeof v === 'object'
        ? Object.fromEntries(
            Object.entries(v as Record<string, unknown>)
              .filter(([k]) => k !== 'requestId')
              .sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0))
              .map(([k, x]) => [k, strip(x)]),
          )
        : v;
  return JSON.stringify([a.status, strip(a.body)]);
}

function move(m: Member, op: string, amount: bigint) {
  m.moved += amount;
  m.byOp[op] = (m.byOp[op] ?? 0n) + amount;
}

const minor = (v: unknown) => parseAmount(String(v)) ?? 0n;
const signedMinor = (v: unknown) => {
  const s = String(v);
  return s.startsWith('-') ? -minor(s.slice(1)) : minor(s);
};

export async function runSoak(o: SoakOptions): Promise<SoakReport> {
  const log = o.log ?? (() => {});
  const handle = await openDatabase({ kind: 'postgres', url: o.url, poolSize: 4 });
  const db = handle.db;
  try {
    await migrateToLatest(db);
    await seedDemo(db, systemClock);
    const { members, upline, merchantId, opsToken, vendorSecret } = await setUp(db, o.members);
    const retried = { retries: 0, exhausted: 0 };
    const onRetry = (exhausted: boolean) => {
      if (exhausted) retried.exhausted++;
      else retried.retries++;
    };
    const api = o.api ? o.api(log, onRetry) : apiProcess(o.url, await freePort(), log, onRetry);
    const deadlocksBefore = await deadlocksOf(db);
    await api.start();
    try {
      return await drive();
    } finally {
      await api.kill();
    }

    async function drive(): Promise<SoakReport> {
      // Each member binds a card through the API (the withdrawals go to it).
      for (const m of members) {
        const r = await fetch(`${api.base}/api/cashier/cards`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            merchant: 'panalo',
            authorization: `Bearer ${m.token}`,
          },
          body: JSON.stringify({
            bankCode: 'BDO',
            cardNumber: `4${String(m.id).padStart(15, '7')}`,
            paymentPassword: PAY_PW,
          }),
        });
        const body = (await r.json()) as { value?: { id: string }; code?: string };
        if (!body.value) throw new Error(`binding a card: ${r.status} ${body.code}`);
        m.cardId = body.value.id;
      }
      const options = (await (
        await fetch(`${api.base}/api/cashier/deposit/options`, {
          headers: { merchant: 'panalo', authorization: `Bearer ${members[0]!.token}` },
        })
      ).json()) as { value: { methods: { code: string; bankAccounts: { id: string }[] }[] } };
      const bankAccountId = options.value.methods.find((x) => x.code === 'BANK')!.bankAccounts[0]!.id;
      const report: SoakReport = {
        ops: 0,
        kills: 0,
        resent: 0,
        replays: 0,
        replayMismatches: 0,
        changedBodies: 0,
        changedAccepted: 0,
        balanceMismatches: 0,
        ledgerViolations: 0,
        refusedByCode: {},
        byRoute: {},
        serverErrors: 0,
        lostInFlight: 0,
        serverErrorsBy: {},
        deadlocks: 0,
        retries: 0,
        retriesExhausted: 0,
      };
      // One member plays under a loss limit: its bets are counted with its row held (the checked path).
      const limited = await fetch(`${api.base}/api/protection/limits`, {
        method: 'PUT',
        headers: {
          'content-type': 'application/json',
          merchant: 'panalo',
          authorization: `Bearer ${members[0]!.token}`,
        },
        body: JSON.stringify({ kind: 'loss', span: 'day', amount: '10000000.00' }),
      });
      if (!limited.ok) throw new Error(`setting a loss limit: ${limited.status}`);
      let restarting: Promise<void> | null = null;
      // A cluster's kill runs beside the clients (nginx sends their requests to the other processes).
      const cluster: { killing: Promise<void> | null } = { killing: null };

      /** Sends until the answer is definitive: 2xx or 4xx (not "in progress" or "too many"). */
      async function send(req: Request): Promise<Answer> {
        for (let attempt = 0; ; attempt++) {
          if (restarting) await restarting;
          const payload = JSON.stringify(req.body);
          try {
            const r = await fetch(`${api.base}${req.url}`, {
              method: req.method,
              headers: {
                'content-type': 'application/json',
                ...req.headers,
                ...(req.signed ? { [SIGNATURE_HEADER]: signBody(vendorSecret, payload) } : {}),
              },
              body: payload,
            });
            const text = await r.text();
            let body: Record<string, unknown> = {};
            try {
              body = JSON.parse(text) as Record<string, unknown>;
            } catch {
              /* not JSON: a lost answer below */
            }
            if (r.status >= 500 && typeof body.code !== 'string') report.lostInFlight++;
            else if (r.status >= 500) {
              report.serverErrors++;
              const c = `${req.url.replace(/\/\d+\//, '/:id/')} ${r.status} ${typeof body.code === 'string' ? body.code : ''}`;
              report.serverErrorsBy[c] = (report.serverErrorsBy[c] ?? 0) + 1;
            }
            const inProgress = r.status === 409 && body.code === 'idempotency_in_progress';
            if (r.status < 500 && r.status !== 429 && !inProgress) return { status: r.status, body };
          } catch {
            /* the connection broke: the process was killed */
          }
          report.resent++;
          await sleep(Math.min(1000, 20 * 2 ** Math.min(attempt, 6)));
        }
      }

      const r = rng(o.seed);
      const memberHeaders = (m: Member, key?: string) => ({
        merchant: 'panalo',
        authorization: `Bearer ${m.token}`,
        ...(key ? { 'idempotency-key': key } : {}),
      });
      const amount = (lo: number, hi: number) => formatAmount(BigInt(r.int(lo, hi)) * 100n);

      /** One operation: its request, and what its definitive answer moved, per member. */
      function nextOp(n: number): {
        req: Request;
        apply: (a: Answer) => void;
        change: (req: Request) => Request;
      } {
        const m = members[r.int(0, members.length - 1)]!;
        const key = `soak-${o.seed}-${n}`;
        const roll = r.next();
        const withAmount = (req: Request, field = 'amount') => ({
          ...req,
          body: { ...req.body, [field]: formatAmount(minor(req.body[field]) + 100n) },
        });
        const vendor = (cb: string, body: Record<string, unknown>): Request => ({
          method: 'POST',
          url: `/api/game-wallet/${DEMO_VENDOR.code}/${cb}`,
          headers: { merchant: 'panalo' },
          body: { token: m.launch, ...body },
          signed: true,
        });
        const open = m.bets.filter((b) => !b.settled);
        if (roll < 0.25 || (roll < 0.37 && open.length === 0)) {
          const bet = { txId: `${key}-bet`, roundId: `${key}-round`, amount: 0n, settled: false };
          const req = vendor('bet', {
            txId: bet.txId,
            roundId: bet.roundId,
            gameCode: 'slot-1',
            amount: amount(1, 50),
          });
          bet.amount = minor(req.body.amount);
          return {
            req,
            apply: (a) => {
              if (a.status !== 200) return;
              move(m, 'bet', -bet.amount);
              m.bets.push(bet);
            },
            change: (q) => withAmount(q),
          };
        }
        if (roll < 0.37) {
          const bet = open[r.int(0, open.length - 1)]!;
          bet.settled = true;
          const win = r.next() < 0.5;
          const req = win
            ? vendor('win', {
                txId: `${key}-win`,
                roundId: bet.roundId,
                gameCode: 'slot-1',
                amount: amount(0, 80),
                endRound: true,
              })
            : vendor('rollback', { txId: `${key}-rb`, originalTxId: bet.txId, roundId: bet.roundId });
          return {
            req,
            apply: (a) => {
              if (a.status === 200)
                move(m, win ? 'win' : 'rollback', win ? minor(req.body.amount) : bet.amount);
            },
            change: (q) =>
              win ? withAmount(q) : { ...q, body: { ...q.body, originalTxId: `${bet.txId}-x` } },
          };
        }
        if (roll < 0.5) {
          const req: Request = {
            method: 'POST',
            url: '/api/inhouse/dice/play',
            headers: memberHeaders(m, key),
            body: {
              amount: amount(1, 20),
              target: r.int(1000, 9000),
              direction: r.next() < 0.5 ? 'under' : 'over',
            },
          };
          return {
            req,
            apply: (a) => {
              if (a.status !== 200) return;
              const round = (a.body.value as { round: { stake: string; payout: string } }).round;
              move(m, 'inhouse', minor(round.payout) - minor(round.stake));
            },
            change: (q) => withAmount(q),
          };
        }
        if (roll < 0.62 || m.orders.length === 0) {
          const numero = periodAt(getGame(LOTTERY), new Date()).numero;
          const req: Request = {
            method: 'POST',
            url: '/api/lottery/bets',
            headers: memberHeaders(m, key),
            body: {
              gameCode: LOTTERY,
              numero,
              items: [
                {
                  betType: 'size',
                  selection: r.next() < 0.5 ? 'big' : 'small',
                  amount: amount(1, 20),
                  units: 1,
                },
              ],
            },
          };
          return {
            req,
            apply: (a) => {
              if (a.status !== 200) return;
              const v = a.body.value as { orderId: string; totalStake: string };
              move(m, 'lottery_bet', -minor(v.totalStake));
              m.orders.push({ id: v.orderId, numero });
            },
            change: (q) => ({
              ...q,
              body: { ...q.body, items: [{ betType: 'size', selection: 'big', amount: '99.00', units: 1 }] },
            }),
          };
        }
        if (roll < 0.66) {
          const order = m.orders[r.int(0, m.orders.length - 1)]!;
          const req: Request = {
            method: 'POST',
            url: `/api/lottery/orders/${order.id}/cancel`,
            headers: memberHeaders(m, key),
            body: { numero: order.numero },
          };
          return {
            req,
            apply: (a) => {
              if (a.status === 200)
                move(m, 'lottery_refund', minor((a.body.value as { refunded: string }).refunded));
            },
            change: (q) => ({ ...q, body: { numero: `${order.numero}9` } }),
          };
        }
        if (roll < 0.72) {
          const req: Request = {
            method: 'POST',
            url: '/api/ops/adjustments',
            headers: { merchant: 'panalo', authorization: `Bearer ${opsToken}`, 'idempotency-key': key },
            body: {
              username: m.username,
              amount: `${r.next() < 0.3 ? '-' : ''}${amount(1, 30)}`,
              reason: 'soak adjustment',
            },
          };
          return {
            req,
            apply: (a) => {
              if (a.status === 200)
                move(m, 'adjustment', signedMinor((a.body.value as { amount: string }).amount));
            },
            change: (q) => ({ ...q, body: { ...q.body, reason: 'another reason' } }),
          };
        }
        if (roll < 0.78 && roll >= 0.755 && m.withdrawals.length > 0) {
          // The operator rejects one of the member's pending withdrawals: the money comes back.
          const id = m.withdrawals.splice(r.int(0, m.withdrawals.length - 1), 1)[0]!;
          const req: Request = {
            method: 'POST',
            url: `/api/ops/withdrawals/${id}/reject`,
            headers: { merchant: 'panalo', authorization: `Bearer ${opsToken}`, 'idempotency-key': key },
            body: { reason: 'soak rejection' },
          };
          return {
            req,
            apply: (a) => {
              if (a.status === 200)
                move(m, 'withdrawal_reject', minor((a.body.value as { amount: string }).amount));
            },
            change: (q) => ({ ...q, body: { reason: 'another reason' } }),
          };
        }
        if (roll < 0.78) {
          const req: Request = {
            method: 'POST',
            url: '/api/cashier/withdrawals',
            headers: memberHeaders(m, key),
            body: { cardId: m.cardId, amount: amount(100, 300), paymentPassword: PAY_PW },
          };
          return {
            req,
            apply: (a) => {
              if (a.status !== 200) return;
              move(m, 'withdrawal', -minor(req.body.amount));
              m.withdrawals.push((a.body.value as { id: string }).id);
            },
            change: (q) => withAmount(q),
          };
        }
        if (roll < 0.92 || (roll >= 0.84 && m.deposits.length === 0)) {
          if (roll < 0.84) {
            const req: Request = {
              method: 'POST',
              url: '/api/cashier/transfer-upline',
              headers: memberHeaders(m, key),
              body: { amount: amount(1, 40), paymentPassword: PAY_PW },
            };
            return {
              req,
              apply: (a) => {
                if (a.status !== 200) return;
                move(m, 'transfer', -minor(req.body.amount));
                move(upline, 'transfer', minor(req.body.amount));
              },
              change: (q) => withAmount(q),
            };
          }
          // A bank-transfer deposit: the order moves nothing; the operator's approval credits it.
          const req: Request = {
            method: 'POST',
            url: '/api/cashier/deposits',
            headers: memberHeaders(m, key),
            body: { methodCode: 'BANK', amount: amount(100, 500), bankAccountId },
          };
          return {
            req,
            apply: (a) => {
              if (a.status === 200) m.deposits.push((a.body.value as { order: { id: string } }).order.id);
            },
            change: (q) => withAmount(q),
          };
        }
        // The operator approves one of the member's deposits (perhaps approved already).
        const id = m.deposits[r.int(0, m.deposits.length - 1)]!;
        const req: Request = {
          method: 'POST',
          url: `/api/ops/deposits/${id}/approve`,
          headers: { merchant: 'panalo', authorization: `Bearer ${opsToken}`, 'idempotency-key': key },
          body: {},
        };
        return {
          req,
          apply: (a) => {
            if (a.status !== 200) return;
            const v = a.body.value as { amount: string; bonusAmount: string };
            move(m, 'deposit', minor(v.amount) + minor(v.bonusAmount));
          },
          change: (q) => ({ ...q, body: { reason: 'changed' } }),
        };
      }

      // The kills are spread over the run: the k-th when k/(kills+1) of the operations have started.
      const killAt = Array.from({ length: o.kills }, (_, k) => Math.floor((o.ops * (k + 1)) / (o.kills + 1)));
      let started = 0;
      // Against a cluster the clients go on past `ops` until every kill was made (a restart takes seconds).
      const done = (n: number) =>
        n >= o.ops && (!api.keepsServing || (report.kills >= o.kills && !cluster.killing));
      const worker = async () => {
        for (;;) {
          const n = started++;
          if (done(n)) return;
          if (
            killAt[report.kills] !== undefined &&
            n >= killAt[report.kills]! &&
            !restarting &&
            !cluster.killing
          ) {
            report.kills++;
            const kill = (async () => {
              await sleep(r.int(0, 50));
              await api.kill();
              log(`killed at op ${n}`);
              await api.start();
            })();
            if (api.keepsServing)
              cluster.killing = kill.finally(() => {
                cluster.killing = null;
              });
            else
              restarting = kill.finally(() => {
                restarting = null;
              });
          }
          const op = nextOp(n);
          const first = await send(op.req);
          op.apply(first);
          report.ops++;
          const route = op.req.url.replace(/\/\d+\//, '/:id/');
          report.byRoute[route] = (report.byRoute[route] ?? 0) + 1;
          if (first.status >= 400) {
            const c = `${op.req.url.replace(/\/\d+\//, '/:id/')} ${typeof first.body.code === 'string' ? first.body.code : first.status}`;
            report.refusedByCode[c] = (report.refusedByCode[c] ?? 0) + 1;
          }
          const roll = r.next();
          if (roll < 0.05) {
            report.replays++;
            const again = await send(op.req);
            if (comparable(again) !== comparable(first)) {
              report.replayMismatches++;
              log(`replay differs: ${op.req.url} first ${comparable(first)} again ${comparable(again)}`);
            }
          } else if (roll < 0.07) {
            report.changedBodies++;
            const changed = await send(op.change(op.req));
            if (changed.status < 400) {
              report.changedAccepted++;
              log(`changed body accepted: ${op.req.url}`);
            }
          }
        }
      };
      await Promise.all(Array.from({ length: o.clients }, worker));
      await cluster.killing;
      await api.stop();
      report.deadlocks = (await deadlocksOf(db)) - deadlocksBefore;
      const counted = api.retries ? await api.retries() : retried;
      report.retries = counted.retries;
      report.retriesExhausted = counted.exhausted;

      for (const m of [...members, upline]) {
        const balance = await accountBalance(db, memberWalletKey(merchantId, m.id, 'PHP'));
        const wins = await lotteryWins(db, m.id);
        if (balance !== START_FUNDS + m.moved + wins) {
          report.balanceMismatches++;
          log(`${m.username}: balance ${balance}, answers say ${START_FUNDS + m.moved + wins}`);
          log(
            `  answers by operation: ${JSON.stringify(m.byOp, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v))}`,
          );
          log(`  ledger by transfer kind: ${JSON.stringify(await ledgerByKind(db, m.id))}`);
        }
      }
      const ledger = await checkLedger(db);
      report.ledgerViolations = (Object.values(ledger) as unknown[][]).reduce((s, v) => s + v.length, 0);
      if (report.ledgerViolations > 0) log(`ledger: ${JSON.stringify(ledger)}`);
      return report;
    }
  } finally {
    await handle.close();
  }
}

/** The deadlocks PostgreSQL has counted in this database (its statistics, kept across restarts). */
async function deadlocksOf(db: Database): Promise<number> {
  const r = await sql<{ n: string }>`
    select deadlocks::text as n from pg_stat_database where datname = current_database()`.execute(db);
  return Number(r.rows[0]?.n ?? 0);
}

/** The draws' wins credited to a member (the only money that moves without a request of the soak). */
async function lotteryWins(db: Database, memberId: bigint): Promise<bigint> {
  const r = await sql<{ s: string | null }>`
    select sum(e.amount)::text as s from ledger_entry e
    join ledger_transfer t on t.id = e.transfer_id
    join ledger_account a on a.id = e.account_id
    where a.owner_member_id = ${memberId} and a.kind = 'member_wallet' and t.kind = 'lottery_win'`.execute(
    db,
  );
  return BigInt(r.rows[0]?.s ?? '0');
}

/** A member wallet's entries summed by transfer kind (to explain a mismatch). */
async function ledgerByKind(db: Database, memberId: bigint) {
  const r = await sql<{ kind: string; s: string }>`
    select t.kind, sum(e.amount)::text as s from ledger_entry e
    join ledger_transfer t on t.id = e.transfer_id
    join ledger_account a on a.id = e.account_id
    where a.owner_member_id = ${memberId} and a.kind = 'member_wallet' group by t.kind order by t.kind`.execute(
    db,
  );
  return Object.fromEntries(r.rows.map((x) => [x.kind, x.s]));
}

/** Members with a session, a launch token, a payment password, a card, funds, and one upline agent. */
async function setUp(db: Database, count: number) {
  const { merchant, vendorSecret } = await demoMerchant(db);
  const sessions = sessionsService(sessionsRepository(db), systemClock);
  const session = (memberId: bigint) =>
    sessions.issue({ merchantId: merchant.id, memberId, device: 'soak', ip: '127.0.0.1', userAgent: 'soak' });
  const passwordHash = await hashPassword(PASSWORD);
  const payHash = await hashPassword(PAY_PW);
  const make = async (username: string, type: number, uplineId: bigint | null): Promise<Member> => {
    const m = await db
      .insertInto('member')
      .values({
        merchant_id: merchant.id,
        username,
        password_hash: passwordHash,
        type,
        upline_id: uplineId,
        to_upline: uplineId !== null,
        payment_password_hash: payHash,
        payee_name: 'Soak Tester',
      })
      .returning(['id', 'type'])
      .executeTakeFirstOrThrow();
    await fundWallet(db, {
      merchantId: merchant.id,
      memberId: m.id,
      currency: 'PHP',
      amount: START_FUNDS,
      key: `soak-fund-${m.id}`,
    });
    const { token: launch } = await issueLaunchToken(db, systemClock, {
      merchantId: merchant.id,
      memberId: m.id,
      memberType: m.type,
      currency: 'PHP',
      vendorCode: DEMO_VENDOR.code,
      gameCode: null,
      ttlMs: 24 * 3_600_000,
    });
    return {
      id: m.id,
      username,
      token: (await session(m.id)).token,
      launch,
      cardId: '',
      moved: 0n,
      byOp: {},
      deposits: [],
      withdrawals: [],
      bets: [],
      orders: [],
    };
  };
  const upline = await make(`soakagent${Date.now() % 100000}`, 1, null);
  const members: Member[] = [];
  for (let i = 0; i < count; i++) members.push(await make(`soak${Date.now() % 100000}x${i}`, 0, upline.id));
  const ops = await db
    .selectFrom('member')
    .select('id')
    .where('merchant_id', '=', merchant.id)
    .where('username', '=', 'ops01')
    .executeTakeFirstOrThrow();
  return {
    members,
    upline,
    merchantId: merchant.id,
    opsToken: (await session(ops.id)).token,
    vendorSecret,
  };
}

/** The command line: a scratch database on DATABASE_URL or TEST_DATABASE_URL, the report as bench lines. */
async function main() {
  const { benchBaseUrl, withScratchDatabase } = await import('./bench-support');
  const arg = (name: string, fallback: number) => {
    const i = process.argv.indexOf(`--${name}`);
    return i > 0 ? Number(process.argv[i + 1]) : fallback;
  };
  const base = benchBaseUrl();
  if (!base) {
    console.log('info soak: skipped (set DATABASE_URL or TEST_DATABASE_URL to a PostgreSQL server)');
    return;
  }
  benchHeader('PostgreSQL');
  await withScratchDatabase(base, async (url) => {
    const began = Date.now();
    const r = await runSoak({
      url,
      ops: arg('ops', 2000),
      kills: arg('kills', 3),
      clients: arg('clients', 64),
      members: arg('members', 8),
      seed: arg('seed', 22),
      log: (l) => console.log(`# ${l}`),
    });
    if (!printSoak(r, (Date.now() - began) / 1000)) process.exitCode = 1;
  });
}

/** The report as bench and info lines. */
export function printSoak(r: SoakReport, seconds: number): boolean {
  infoLine('soak-ops', r.ops, 'ops');
  infoLine('soak-kills', r.kills, 'kills');
  infoLine('soak-resent', r.resent, 'sends');
  infoLine('soak-lost-in-flight', r.lostInFlight, 'answers');
  infoLine('soak-replays', r.replays, 'replays');
  infoLine('soak-changed-bodies', r.changedBodies, 'sends');
  infoLine('soak-mix', JSON.stringify(r.byRoute));
  infoLine('soak-refused', JSON.stringify(r.refusedByCode));
  infoLine('soak-time', seconds, 's');
  benchLine('soak-balance-mismatches', r.balanceMismatches, 'members', '<=', 0);
  benchLine('soak-replay-mismatches', r.replayMismatches, 'replays', '<=', 0);
  benchLine('soak-changed-body-accepted', r.changedAccepted, 'sends', '<=', 0);
  benchLine('soak-ledger-violations', r.ledgerViolations, 'violations', '<=', 0);
  if (r.serverErrors > 0) infoLine('soak-5xx-by-route', JSON.stringify(r.serverErrorsBy));
  const ok = [
    benchLine('soak-5xx', r.serverErrors, 'answers', '<=', 0),
    benchLine('soak-deadlocks', r.deadlocks, 'deadlocks', '<=', 0),
    benchLine('soak-retries', r.retries, 'retries', '<=', 0),
    benchLine('soak-retries-exhausted', r.retriesExhausted, 'transactions', '<=', 0),
  ].every(Boolean);
  return (
    ok &&
    r.balanceMismatches === 0 &&
    r.replayMismatches === 0 &&
    r.changedAccepted === 0 &&
    r.ledgerViolations === 0
  );
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  main().catch((err: unknown) => {
    console.error(err);
    console.log('bench soak: error (see above) FAIL');
    process.exitCode = 1;
  });
}
