// npm run bench:admin — the operator console's figures (issue 20 "Proof"), on PostgreSQL.
// Set-up (bulk SQL on a scratch database): 1,000,000 members of the demo merchant (mobile numbers,
// payee names, registration addresses), and the daily aggregates of 10,000,000 bets over the last 30
// days (200,000 players × 10 days × 5 bets, in four product groups), as the roll-up leaves them in
// member_day. Then, through HTTP against the API in its own thread, one request at a time:
//  - member search (username prefix, mobile, name, IP; each answer must hold the member searched for):
//    p95 ≤ 100 ms;
//  - the dashboard (today, 7 and 30 days; its 30-day turnover and active players must be the set-up's,
//    counted the long way over member_day): p95 ≤ 300 ms;
//  - the 30-day report by day, and by game (600 games played on each of the 30 days in game_day, as the
//    roll-up leaves them), each answer's turnover checked: p95 ≤ 300 ms each;
// and the console's first load: the sign-in page's JavaScript (the entry and its static imports, plus
// the English texts it fetches) gzipped from apps/admin/dist: ≤ 250 KiB.
// Prints the header and one line per figure; exits 1 when one says FAIL.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { sql } from 'kysely';
import { MEMBER_TYPE } from '@panalo/contract/member';
import { formatAmount } from '@panalo/contract/money';
import type { Database } from '../db/database';
import {
  BenchHttpClient,
  line,
  openDemoDatabase,
  percentile,
  refusalCode,
  refusals,
  runBench,
  startApi,
} from './bench-support';
import { infoLine } from '../../../../scripts/bench-lines.mjs';

const MEMBERS = Number(process.env.BENCH_ADMIN_MEMBERS ?? 1_000_000);
const PLAYERS = Math.min(MEMBERS, Number(process.env.BENCH_ADMIN_PLAYERS ?? 200_000));
const DAYS_EACH = 10;
const BETS_PER_ROW = 5;
const SEARCHES = 400;
const DASHBOARDS = 40;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

async function setUp(db: Database, merchantId: number): Promise<void> {
  await sql`
    insert into member (merchant_id, username, password_hash, type, vip_level, country_dialing_code, mobile_num,
      payee_name, register_ip, created_at)
    select ${merchantId}::int, 'am_' || g, 'bench-no-login', 0, g % 6, '63', (9000000000 + g::bigint)::text,
      'Payee ' || g, '10.' || (g / 65536) % 256 || '.' || (g / 256) % 256 || '.' || g % 256,
      now() - (g % 60) * interval '1 day'
    from generate_series(1, ${MEMBERS}::int) g`.execute(db);
  // Each of the first PLAYERS members played on 10 of the last 30 days, in one product group a day.
  await sql`
    with tz as (select (now() at time zone merchant_time_zone(settings))::date as today from merchant where id = ${merchantId}),
    ins as (
      insert into member_day (merchant_id, member_id, day, product, bets, bet_count, wins, refunds)
      select ${merchantId}::int, m.id, tz.today - ((m.n + k * 3) % 30)::int,
        (array['RNG', 'LOTT', 'LIVE', 'SPORTS'])[1 + k % 4],
        ${BETS_PER_ROW} * (1000 + m.n % 5000)::bigint, ${BETS_PER_ROW}, ${BETS_PER_ROW} * (900 + m.n % 4000)::bigint, 0
      from (select id, row_number() over (order by id) as n from member
            where merchant_id = ${merchantId} and username like 'am\\_%' order by id limit ${PLAYERS}) m
      cross join generate_series(0, ${DAYS_EACH - 1}) k cross join tz
      returning 1
    )
    select count(*) from ins`.execute(db);
  // The wallet games' days: 600 games, each played on each of the 30 days.
  await sql`
    with tz as (select (now() at time zone merchant_time_zone(settings))::date as today from merchant where id = ${merchantId})
    insert into game_day (merchant_id, day, vendor_id, game, bets, bet_count, wins, refunds)
    select ${merchantId}::int, tz.today - d, 0, 'bench-game-' || g, (1000 + g * 7 + d)::bigint * 100, 10 + g % 50,
      (900 + g * 6)::bigint * 100, 0
    from generate_series(0, 29) d cross join generate_series(1, 600) g cross join tz`.execute(db);
  await sql`vacuum (analyze)`.execute(db);
}

/** The console's first load: the entry's JavaScript, its static imports and the English texts, gzipped. */
function consoleFirstLoadKiB(): number {
  const dist = path.join(root, 'apps/admin/dist');
  const manifestPath = path.join(dist, '.vite/manifest.json');
  if (!existsSync(manifestPath)) return Number.NaN;
  type Chunk = { file: string; imports?: string[]; dynamicImports?: string[]; isEntry?: boolean };
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, Chunk>;
  const entry = Object.entries(manifest).find(([, c]) => c.isEntry);
  if (!entry) return Number.NaN;
  const files = new Set<string>();
  const visit = (key: string) => {
    const c = manifest[key];
    if (!c || files.has(c.file)) return;
    files.add(c.file);
    for (const i of c.imports ?? []) visit(i);
  };
  visit(entry[0]);
  // The texts the sign-in page fetches for English (each language is its own chunk).
  for (const key of Object.keys(manifest)) {
    if (/(^|\/)locales\/en(\.json|\/errors(-shell)?\.json)$/.test(key)) visit(key);
  }
  let bytes = 0;
  for (const f of files)
    if (f.endsWith('.js')) bytes += gzipSync(readFileSync(path.join(dist, f)), { level: 9 }).length;
  infoLine('admin-first-load-files', [...files].filter((f) => f.endsWith('.js')).length, 'scripts');
  return bytes / 1024;
}

runBench('admin', async (url) => {
  line('admin-console-first-load', consoleFirstLoadKiB(), 'KiB', '<=', 250);
  const { handle, db, merchantId } = await openDemoDatabase(url);
  const merchant = { id: merchantId };
  try {
    const t0 = performance.now();
    await setUp(db, merchant.id);
    // The 30 days' turnover counted the long way, for checking each dashboard answer.
    const expected = await sql<{ turnover: string }>`
      select coalesce(sum(bets - refunds), 0)::text as turnover from member_day, merchant m
      where member_day.merchant_id = ${merchant.id} and m.id = ${merchant.id}
        and day between (now() at time zone merchant_time_zone(m.settings))::date - 29
          and (now() at time zone merchant_time_zone(m.settings))::date`.execute(db);
    const turnover = formatAmount(BigInt(expected.rows[0]!.turnover));
    const activeLongWay = await sql<{ n: number }>`
      select count(distinct member_id)::int as n from member_day, merchant m
      where member_day.merchant_id = ${merchant.id} and m.id = ${merchant.id} and bet_count > 0
        and day between (now() at time zone merchant_time_zone(m.settings))::date - 29
          and (now() at time zone merchant_time_zone(m.settings))::date`.execute(db);
    const active30 = activeLongWay.rows[0]!.n;
    const games = await sql<{ turnover: string; today: string }>`
      select coalesce(sum(bets - refunds), 0)::text as turnover,
        to_char((now() at time zone merchant_time_zone(m.settings))::date, 'YYYY-MM-DD') as today
      from merchant m left join game_day g on g.merchant_id = m.id
        and g.day between (now() at time zone merchant_time_zone(m.settings))::date - 29
          and (now() at time zone merchant_time_zone(m.settings))::date
      where m.id = ${merchant.id} group by m.settings`.execute(db);
    const gameTurnover = formatAmount(BigInt(games.rows[0]!.turnover));
    const today = games.rows[0]!.today;
    const from = new Date(Date.parse(`${today}T00:00:00Z`) - 29 * 86_400_000).toISOString().slice(0, 10);
    const counted = await sql<{ members: string; rows: string; bets: string }>`
      select (select count(*) from member where merchant_id = ${merchant.id})::text as members,
        (select count(*) from member_day where merchant_id = ${merchant.id})::text as rows,
        (select coalesce(sum(bet_count), 0) from member_day where merchant_id = ${merchant.id})::text as bets`.execute(
      db,
    );
    const c = counted.rows[0]!;
    infoLine(
      'admin-setup',
      `${c.members} members, ${c.rows} member_day rows holding ${c.bets} bets over 30 days`,
    );
    infoLine('admin-setup-time', (performance.now() - t0) / 1000, 's');

    const ops = await db
      .selectFrom('member')
      .select('id')
      .where('merchant_id', '=', merchant.id)
      .where('type', '=', MEMBER_TYPE.OPERATOR)
      .where('username', '=', 'ops01')
      .executeTakeFirstOrThrow();
    await sql`
      insert into member_session (merchant_id, member_id, token_hash, kind, created_at, expires_at, last_seen_at, idle_minutes)
      values (${merchant.id}, ${ops.id}, encode(sha256(convert_to('admin-bench-staff-session', 'UTF8')), 'hex'),
        'session', now(), now() + interval '1 day', now(), 600)`.execute(db);

    const api = await startApi(url);
    const client = await BenchHttpClient.connect(api.port);
    const headers = { merchant: 'panalo', authorization: 'Bearer admin-bench-staff-session' };
    try {
      // Member search: a random member each time, found by one of four ways.
      const ways = ['username', 'mobile', 'name', 'ip'] as const;
      const query = (g: number, by: (typeof ways)[number]) =>
        by === 'username'
          ? `am_${g}`
          : by === 'mobile'
            ? `0${9_000_000_000 + g}`
            : by === 'name'
              ? `payee ${g}`
              : `10.${Math.floor(g / 65536) % 256}.${Math.floor(g / 256) % 256}.${g % 256}`;
      const run = async (count: number, record: boolean) => {
        const latencies: number[] = [];
        const refused = new Map<string, number>();
        let wrong = 0;
        for (let i = 0; i < count; i++) {
          const g = 1 + Math.floor(Math.random() * MEMBERS);
          const by = ways[i % ways.length]!;
          const s = performance.now();
          const res = await client.get(
            `/api/ops/members?by=${by}&q=${encodeURIComponent(query(g, by))}&pageSize=20`,
            headers,
          );
          const ms = performance.now() - s;
          if (res.status !== 200) {
            const code = refusalCode(res);
            refused.set(code, (refused.get(code) ?? 0) + 1);
            continue;
          }
          const found = (JSON.parse(res.body) as { value: { list: { username: string }[] } }).value.list;
          if (!found.some((m) => m.username === `am_${g}`)) wrong++;
          else if (record) latencies.push(ms);
        }
        return { latencies, refused, wrong };
      };
      await run(40, false);
      const search = await run(SEARCHES, true);
      line(
        'admin-member-search-1m-p95',
        search.latencies.length > 0 ? percentile(search.latencies, 0.95) : Number.NaN,
        'ms',
        '<=',
        100,
      );
      line('admin-member-search-wrong', search.wrong, 'answers', '<=', 0);
      refusals('admin-member-search', {
        count: search.latencies.length,
        refused: search.refused,
        seconds: 0,
        latencies: [],
      });

      // The dashboard over the 10,000,000 bets' aggregates.
      const dash: number[] = [];
      const dashRefused = new Map<string, number>();
      let dashWrong = 0;
      for (let i = 0; i < DASHBOARDS + 3; i++) {
        const s = performance.now();
        const res = await client.get('/api/ops/dashboard', headers);
        const ms = performance.now() - s;
        if (res.status !== 200) {
          const code = refusalCode(res);
          dashRefused.set(code, (dashRefused.get(code) ?? 0) + 1);
          continue;
        }
        const v = (
          JSON.parse(res.body) as {
            value: { periods: { last30: { turnover: string; activePlayers: number } } };
          }
        ).value;
        if (v.periods.last30.turnover !== turnover || v.periods.last30.activePlayers !== active30)
          dashWrong++;
        else if (i >= 3) dash.push(ms);
      }
      line(
        'admin-dashboard-10m-bets-p95',
        dash.length > 0 ? percentile(dash, 0.95) : Number.NaN,
        'ms',
        '<=',
        300,
      );
      line('admin-dashboard-wrong', dashWrong, 'answers', '<=', 0);
      refusals('admin-dashboard', { count: dash.length, refused: dashRefused, seconds: 0, latencies: [] });
      // The 30-day report (the console's Reports screen) by day and by game.
      for (const [by, expected] of [
        ['day', turnover],
        ['game', gameTurnover],
      ] as const) {
        const times: number[] = [];
        const refused = new Map<string, number>();
        let wrong = 0;
        for (let i = 0; i < DASHBOARDS + 3; i++) {
          const s = performance.now();
          const res = await client.get(`/api/ops/reports/pnl?from=${from}&to=${today}&by=${by}`, headers);
          const ms = performance.now() - s;
          if (res.status !== 200) {
            const code = refusalCode(res);
            refused.set(code, (refused.get(code) ?? 0) + 1);
            continue;
          }
          const v = (JSON.parse(res.body) as { value: { total: { turnover: string }; rows: unknown[] } })
            .value;
          if (v.total.turnover !== expected || v.rows.length !== (by === 'day' ? 30 : 600)) wrong++;
          else if (i >= 3) times.push(ms);
        }
        line(
          `admin-report-30d-by-${by}-p95`,
          times.length > 0 ? percentile(times, 0.95) : Number.NaN,
          'ms',
          '<=',
          300,
        );
        line(`admin-report-by-${by}-wrong`, wrong, 'answers', '<=', 0);
        refusals(`admin-report-by-${by}`, { count: times.length, refused, seconds: 0, latencies: [] });
      }
    } finally {
      client.close();
      await api.close();
    }
  } finally {
    await handle.close();
  }
});
