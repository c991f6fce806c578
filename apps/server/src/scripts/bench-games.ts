// Long file: issue 5's three proofs (list, launch, callbacks) share their scratch catalogue and server.
// npm run bench:games — issue 5's proof on PostgreSQL. (a) The game list on a 10,000-game catalogue: the
// demo catalogue grown with synthetic games; its size counted through the list's own answers (what the
// merchant's members can reach); then POST /api/games/list over HTTP, sequentially, over a mix of requests
// of the game list screen, each answer checked against the page the games service computes: p95 of the
// right answers against the 10 ms budget, wrong ones counted apart.
// (b) The vendor bet callback through real HTTP from 32 keep-alive clients on 32 wallets, the API in a
// worker thread: throughput and p99. (c) The same for Hub88's wallet (issue 21): transaction/bet through
// HTTP, each body RSA-signed as Hub88 signs it (signed before the phase: the load generator would
// otherwise spend more CPU signing than the API verifying), the signature checked on every call.
// Prints one `bench <name>: …` line per figure; exits 1 when one says FAIL.
import { sql } from 'kysely';
import { gameListRequest, type GameListReply, type GameListRequest } from '@panalo/contract/games';
import type { Database } from '../db/database';
import { openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrator';
import { seedDemo } from '../db/seed/seed';
import { systemClock } from '../lib/clock';
import { gamesRepository } from '../modules/games/games.repository';
import { gamesService, type GamesService } from '../modules/games/games.service';
import { searchTextOf } from '../modules/games/search';
import { INHOUSE_VENDOR, LOTTERY_VENDOR } from '../modules/games/seed/vendors';
import type { MerchantRow } from '../modules/merchants/merchants.repository';
import { merchantsRepository } from '../modules/merchants/merchants.repository';
import {
  runBench,
  benchPlayers,
  betPhase,
  BenchHttpClient,
  CLIENTS,
  drive,
  line,
  p99,
  PHASE_MS,
  percentile,
  perSecond,
  refusals,
  startApi,
  type BenchApi,
} from './bench-support';
import { mulberry32 } from '../lib/mulberry32';
import { randomUUID, verify } from 'node:crypto';
import { syncHub88Catalogue } from '../modules/hub88/hub88-catalogue';
import { demoHub88, HUB88_VENDOR, hub88User } from '../modules/hub88/hub88-setup';
import { HUB88_SIGNATURE_HEADER, signHub88 } from '../modules/hub88/hub88-signature';
import { infoLine } from '../../../../scripts/bench-lines.mjs';

const CATALOGUE = Number(process.env.BENCH_GAMES ?? 10_000);

// Title words the synthetic games add to a demo game's names, as [English, Filipino (TY)].
const EDITIONS: readonly (readonly [string, string])[] = [
  ['Deluxe', 'Deluxe'],
  ['Fortune', 'Kapalaran'],
  ['Gold', 'Ginto'],
  ['Night', 'Gabi'],
  ['Fiesta', 'Pista'],
  ['Island', 'Isla'],
  ['Treasure', 'Kayamanan'],
  ['Legend', 'Alamat'],
  ['Storm', 'Bagyo'],
  ['Star', 'Bituin'],
  ['River', 'Ilog'],
  ['Moon', 'Buwan'],
];
const MIN_BETS = [1, 5, 10, 50, 75, 100, 500];

/**
 * Grows the seeded catalogue to `target` games: variants of the demo's studio games (not the in-house or
 * lottery ones), named in EN and TY like the seed, inserted in one statement with their names.
 */
async function growCatalogue(db: Database, target: number): Promise<void> {
  const templates = await sql<{
    vendor_code: string;
    game_id: string;
    game_type: string;
    room_id: string | null;
    support_play: boolean;
    classify: string | null;
    lines: number | null;
    en: string;
    ty: string;
  }>`select g.vendor_code, g.game_id, g.game_type, g.room_id, g.support_play, g.classify, g.lines,
      en.name as en, ty.name as ty
    from game g
    join game_i18n en on en.game_id = g.id and en.lang = 'EN'
    join game_i18n ty on ty.game_id = g.id and ty.lang = 'TY'
    where g.vendor_code not in (${INHOUSE_VENDOR}, ${LOTTERY_VENDOR})
    order by g.id`.execute(db);
  const sorts = await sql<{ game_type: string; next: number }>`
    select game_type, max(sort) + 1 as next from game group by game_type`.execute(db);
  const nextSort = new Map(sorts.rows.map((r) => [r.game_type, Number(r.next)]));
  const present = Number(
    (await sql<{ n: string }>`select count(*)::text as n from game`.execute(db)).rows[0]?.n ?? 0,
  );
  const rand = mulberry32(20261122);
  const cols = {
    vendor: [] as string[],
    gameId: [] as string[],
    type: [] as string[],
    en: [] as string[],
    ty: [] as string[],
    room: [] as (string | null)[],
    play: [] as boolean[],
    classify: [] as (string | null)[],
    lines: [] as (number | null)[],
    isNew: [] as boolean[],
    hot: [] as boolean[],
    minBet: [] as number[],
    sort: [] as number[],
    search: [] as string[],
  };
  for (let k = 0; k < target - present; k++) {
    const t = templates.rows[k % templates.rows.length]!;
    const round = Math.floor(k / templates.rows.length);
    // Skip the edition word a demo title already ends with ("… Deluxe Deluxe").
    const ed = round + (t.en.endsWith(EDITIONS[round % EDITIONS.length]![0]) ? 1 : 0);
    const [edEn, edTy] = EDITIONS[ed % EDITIONS.length]!;
    const no = Math.floor(round / EDITIONS.length) + 1;
    const en = `${t.en} ${edEn}${no > 1 ? ` ${no}` : ''}`;
    const ty = `${t.ty} ${edTy}${no > 1 ? ` ${no}` : ''}`;
    const sort = nextSort.get(t.game_type) ?? 0;
    nextSort.set(t.game_type, sort + 1);
    cols.vendor.push(t.vendor_code);
    cols.gameId.push(`${t.game_id}-b${k}`);
    cols.type.push(t.game_type);
    cols.en.push(en);
    cols.ty.push(ty);
    cols.room.push(t.room_id === null ? null : `${t.room_id}-B${k}`);
    cols.play.push(t.support_play);
    cols.classify.push(t.classify);
    cols.lines.push(t.lines);
    cols.isNew.push(rand() < 0.12);
    cols.hot.push(rand() < 0.1);
    cols.minBet.push(MIN_BETS[Math.floor(rand() * MIN_BETS.length)]!);
    cols.sort.push(sort);
    cols.search.push(searchTextOf([en, ty]));
  }
  if (cols.vendor.length > 0) {
    await sql`with src as (
        select * from unnest(${cols.vendor}::text[], ${cols.gameId}::text[], ${cols.type}::text[],
          ${cols.en}::text[], ${cols.ty}::text[], ${cols.room}::text[], ${cols.play}::boolean[],
          ${cols.classify}::text[], ${cols.lines}::int[], ${cols.isNew}::boolean[], ${cols.hot}::boolean[],
          ${cols.minBet}::bigint[], ${cols.sort}::int[], ${cols.search}::text[])
          as s(vendor_code, game_id, game_type, en, ty, room_id, support_play, classify, lines, is_new, hot,
            min_bet, sort, search_text)),
      ins as (
        insert into game (vendor_code, game_id, game_type, node_name, room_id, show_icon, icon_url,
          support_play, classify, is_new, hot, min_bet, lines, sort, search_text)
        select vendor_code, game_id, game_type, en, room_id, true, null, support_play, classify, is_new, hot,
          min_bet, lines, sort, search_text from src
        returning id, vendor_code, game_id)
      insert into game_i18n (game_id, lang, name)
      select ins.id, l.lang, case l.lang when 'EN' then src.en else src.ty end
      from ins join src using (vendor_code, game_id) cross join (values ('EN'), ('TY')) as l(lang)`.execute(
      db,
    );
  }
  await sql`analyze`.execute(db);
}

/** POSTs a game list request over HTTP as the member site does, and reads its answer. */
async function listOverHttp(client: BenchHttpClient, merchant: string, q: GameListRequest) {
  const res = await client.post(
    '/api/games/list',
    { merchant, 'content-type': 'application/json' },
    JSON.stringify(q),
  );
  if (res.status !== 200) return { status: res.status, reply: null };
  const body = JSON.parse(res.body) as { success?: boolean; value?: GameListReply };
  return { status: res.status, reply: body.success === true && body.value ? body.value : null };
}

/**
 * The catalogue the game list serves a merchant, counted through its answers over HTTP (each category's
 * pages of 100: every page but the last is full): what members can reach, not what the bench inserted.
 */
async function servedCatalogue(port: number, m: MerchantRow, categories: string[]): Promise<number> {
  const client = await BenchHttpClient.connect(port);
  try {
    let games = 0;
    for (const gameType of categories.filter((c) => c !== 'HOT')) {
      const first = await listOverHttp(client, m.code, { gameType, pageSize: 100 });
      const pages = first.reply?.totalPages ?? 0;
      if (pages === 0) continue;
      const last =
        pages === 1 ? first : await listOverHttp(client, m.code, { gameType, pageSize: 100, pageNo: pages });
      if (!last.reply) throw new Error(`game list ${gameType} page ${pages}: HTTP ${last.status}`);
      games += (pages - 1) * 100 + last.reply.games.length;
    }
    return games;
  } finally {
    client.close();
  }
}

interface Probe {
  kind: string;
  merchant: MerchantRow;
  q: GameListRequest;
}

/** The requests of the game list screen, per merchant: what members page, filter and search for. */
async function probesFor(db: Database, games: GamesService, m: MerchantRow): Promise<Probe[]> {
  const categories = await gamesRepository(db).enabledCategories(m.id);
  const vendors = await sql<{ vendor_code: string; game_type: string }>`
    select distinct vendor_code, game_type from game order by vendor_code, game_type`.execute(db);
  const probes: Probe[] = [];
  let n = 0;
  const add = (kind: string, q: GameListRequest) =>
    probes.push({ kind, merchant: m, q: { language: n++ % 2 === 0 ? 'EN' : 'TY', ...q } });
  // Deep pages need the list's length: ask for the first page once.
  const deep = async (kind: string, q: GameListRequest) => {
    add(`${kind} first page`, q);
    const { totalPages } = await games.list(m, null, gameListRequest.parse(q));
    if (totalPages > 2) add(`${kind} middle page`, { ...q, pageNo: Math.ceil(totalPages / 2) });
    if (totalPages > 1) add(`${kind} last page`, { ...q, pageNo: totalPages });
  };
  for (const c of categories) {
    await deep(`category ${c}`, { gameType: c });
    if (c === 'HOT') continue;
    add(`category ${c} new`, { gameType: c, gameClassify: 'NEW' });
    add(`category ${c} hot`, { gameType: c, gameClassify: 'HOT' });
    for (const v of vendors.rows.filter((r) => r.game_type === c))
      await deep(`vendor ${v.vendor_code}`, { gameType: c, vassalage: v.vendor_code });
  }
  add('RNG isNew', { gameType: 'RNG', isNew: true });
  add('RNG classify VIDEO', { gameType: 'RNG', gameClassify: 'VIDEO' });
  add('LIVE classify BACCARAT', { gameType: 'LIVE', gameClassify: 'BACCARAT' });
  for (const minBet of ['0.01', '0.05', '0.1', '0.5', '0.75']) add(`RNG minBet`, { gameType: 'RNG', minBet });
  add('RNG vendor minBet', { gameType: 'RNG', vassalage: 'BYN', minBet: '0.1' });
  for (const words of ['dragon', 'golden tiger', 'kalabaw', 'lucky storm', 'baccarat 3', 'zzqx'])
    for (const gameType of ['RNG', 'LIVE', undefined])
      add(`search ${gameType ?? 'all'}`, { gameName: words, ...(gameType ? { gameType } : {}) });
  await deep('search deep', { gameType: 'RNG', gameName: 'wild' });
  return probes;
}

/** What the service itself answers a probe (in process, before the API starts): its page, in order. */
async function expectedAnswers(games: GamesService, probes: Probe[]) {
  const out: string[] = [];
  for (const p of probes) out.push(answerKey(await games.list(p.merchant, null, gameListRequest.parse(p.q))));
  return out;
}
const answerKey = (r: GameListReply) => `${r.totalPages}:${r.games.map((g) => g.nodeId).join(',')}`;

/**
 * Times each probe over HTTP (one keep-alive client, sequential calls, rounds of the whole mix in a
 * shuffled order), and checks every answer against the page the service computed: a wrong or failed
 * answer is counted apart, not timed.
 */
async function timeList(port: number, probes: Probe[], expected: string[]) {
  const rand = mulberry32(7);
  const client = await BenchHttpClient.connect(port);
  const samples: number[] = [];
  const wrong = new Map<string, number>();
  const byKind = new Map<string, number[]>();
  try {
    for (const p of probes) await listOverHttp(client, p.merchant.code, p.q); // warm-up
    const started = performance.now();
    for (let round = 0; round < 3 || performance.now() - started < PHASE_MS; round++) {
      const order = probes.map((p, i) => ({ p, i, r: rand() })).sort((a, b) => a.r - b.r);
      for (const { p, i } of order) {
        const t0 = performance.now();
        const res = await listOverHttp(client, p.merchant.code, p.q);
        const ms = performance.now() - t0;
        const why = !res.reply
          ? `HTTP ${res.status}`
          : answerKey(res.reply) !== expected[i]
            ? 'wrong page'
            : null;
        if (why) {
          wrong.set(why, (wrong.get(why) ?? 0) + 1);
          continue;
        }
        samples.push(ms);
        const kind = byKind.get(p.kind) ?? [];
        kind.push(ms);
        byKind.set(p.kind, kind);
      }
    }
  } finally {
    client.close();
  }
  const slowest = [...byKind]
    .map(([kind, s]) => ({ kind, p95: percentile(s, 0.95) }))
    .sort((a, b) => b.p95 - a.p95)
    .slice(0, 3)
    .map((k) => `${k.kind} ${k.p95.toFixed(1)} ms`);
  console.log(
    `  (game list: ${samples.length} answers checked over a mix of ${probes.length} requests; slowest p95: ${slowest.join(', ')})`,
  );
  return { samples, wrong };
}

/** Hub88's bodies and signatures for the phase, made before it (each a new transaction of one player). */
function signedHub88Bets(tokens: string[], memberIds: bigint[], count: number) {
  const key = demoHub88().demo!.hub88PrivateKey;
  return Array.from({ length: count }, (_, n) => {
    const i = n % tokens.length;
    const body = JSON.stringify({
      user: hub88User(memberIds[i]!),
      token: tokens[i],
      request_uuid: randomUUID(),
      transaction_uuid: randomUUID(),
      round: randomUUID(),
      round_closed: false,
      is_free: false,
      game_code: HUB88_BENCH_GAME,
      currency: 'PHP',
      amount: 1_000,
    });
    return { client: i, body, signature: signHub88(key, body) };
  });
}
const HUB88_BENCH_GAME = 'bench-hub88-slot';
/** Bodies signed ahead, per client: more than 3,000 bets/s over the phase and its warm-up would run out. */
const HUB88_SIGNED = Number(process.env.BENCH_HUB88_SIGNED ?? 36_000);

async function hub88BetPhase(port: number, bets: ReturnType<typeof signedHub88Bets>) {
  const clients = await Promise.all(Array.from({ length: CLIENTS }, () => BenchHttpClient.connect(port)));
  const queues = Array.from({ length: CLIENTS }, (_, i) => bets.filter((b) => b.client % CLIENTS === i));
  try {
    return await drive(async (i) => {
      const b = queues[i]!.pop();
      if (!b) return 'out_of_signed_bodies';
      const res = await clients[i]!.post(
        '/api/hub88/transaction/bet',
        { merchant: 'panalo', 'content-type': 'application/json', [HUB88_SIGNATURE_HEADER]: b.signature },
        b.body,
      );
      const status = res.status === 200 ? ((JSON.parse(res.body) as { status?: string }).status ?? '') : '';
      return status === 'RS_OK' ? null : status || String(res.status);
    });
  } finally {
    for (const c of clients) c.close();
  }
}

/** What one RSA-SHA256 check of a Hub88 body costs here (µs), measured alone. */
function verifyMicros(sample: { body: string; signature: string }): number {
  const key = demoHub88().hub88PublicKey;
  const body = Buffer.from(sample.body);
  const sig = Buffer.from(sample.signature, 'base64');
  const n = 2_000;
  const t0 = performance.now();
  for (let i = 0; i < n; i++) verify('sha256', body, key, sig);
  return ((performance.now() - t0) * 1000) / n;
}

async function bench(url: string) {
  let api: BenchApi | undefined;
  try {
    const handle = await openDatabase({ kind: 'postgres', url, poolSize: 4 });
    const db = handle.db;
    await migrateToLatest(db);
    await seedDemo(db, systemClock);
    await growCatalogue(db, CATALOGUE);
    const { tokens, secret } = await benchPlayers(db, CLIENTS);
    // Hub88: its catalogue (one game, as the sync writes it) and 32 players with Hub88 launch tokens.
    await syncHub88Catalogue(db, [
      { game_code: HUB88_BENCH_GAME, name: 'Bench Slot', category: 'Video Slots', enabled: true },
    ]);
    const h88 = await benchPlayers(db, CLIENTS, { vendorCode: HUB88_VENDOR, prefix: 'hbench' });
    const t0 = performance.now();
    const hub88Bets = signedHub88Bets(h88.tokens, h88.memberIds, HUB88_SIGNED);
    console.log(
      `  (signed ${hub88Bets.length} Hub88 bodies ahead in ${((performance.now() - t0) / 1000).toFixed(1)} s)`,
    );
    const games = gamesService(gamesRepository(db), () => new Date());
    const merchants = merchantsRepository(db);
    const probes: Probe[] = [];
    for (const code of ['panalo', 'luzon']) {
      const m = await merchants.findByCode(code);
      if (m) probes.push(...(await probesFor(db, games, m)));
    }
    const expected = await expectedAnswers(games, probes);
    const panalo = (await merchants.findByCode('panalo'))!;
    const categories = await gamesRepository(db).enabledCategories(panalo.id);
    await handle.close();

    api = await startApi(url);
    const size = await servedCatalogue(api.port, panalo, categories);
    const list = await timeList(api.port, probes, expected);
    const bets = await betPhase(api.port, tokens, secret, 'spread');
    const hub88 = await hub88BetPhase(api.port, hub88Bets);

    line('games_catalogue', size, 'games', '>=', CATALOGUE);
    infoLine('games_list_p50', percentile(list.samples, 0.5), 'ms');
    line('games_list_p95', percentile(list.samples, 0.95), 'ms', '<=', 10);
    const wrong = [...list.wrong.values()].reduce((a, b) => a + b, 0);
    if (wrong > 0) {
      const why = [...list.wrong].map(([k, n]) => `${k} ${n}`).join(', ');
      console.log(`bench games_list refused: ${wrong} answers (${why}) (budget = 0) FAIL`);
      process.exitCode = 1;
    }
    refusals('games_callback', bets);
    line('games_callback_rate', perSecond(bets), 'tx/s', '>=', 1000);
    line('games_callback_p99', p99(bets), 'ms', '<=', 50);
    refusals('games_hub88_bet', hub88);
    line('games_hub88_bet_rate', perSecond(hub88), 'bets/s', '>=', 1000);
    line('games_hub88_bet_p99', p99(hub88), 'ms', '<=', 50);
    infoLine(
      'games_hub88_signature_check',
      verifyMicros(hub88Bets[0]!),
      'µs per call (RSA-2048 verify, alone)',
    );
    infoLine(
      'games_hub88_vs_hmac_rate',
      perSecond(hub88) / perSecond(bets),
      '(Hub88 bets/s over the HMAC callback’s, same run)',
    );
  } finally {
    await api?.close();
  }
}

runBench('games', bench);
