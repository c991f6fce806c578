// npm run bench:messages — the mail centre on PostgreSQL (issue 19 "Proof").
// Set-up (bulk SQL on a scratch database): 100,000 players of the demo merchant, each with a mailbox of
// 50 mails: 25 personal system mails (one mail row and one recipient row each) and 25 broadcasts (to
// everyone, VIP levels and member types, one row each), about 40 % of them read. Then:
//  - a broadcast to all 100,000 members through the operator API (HTTP, one call, from the request to
//    the answer: the sanitised mail written and its audience counted) ≤ 5 s;
//  - the unread count (GET /api/members/unread-count through HTTP, the session checked, the count read
//    over personal mails and broadcasts) for random members, one request at a time: p95 ≤ 5 ms;
//    the unread count read back must be what the set-up wrote (else the figure is no measurement).
//  - 1,000 members' live streams open on one API process (raw keep-alive sockets, each opened with its
//    ticket); one credit to all 1,000 wallets in one transaction; from the call to each stream's balance
//    event: p99 ≤ 1 s, and every stream must hear its own balance (else the figure is no measurement).
// Prints the header and one line per figure; exits 1 when one says FAIL.
import net from 'node:net';
import { sql } from 'kysely';
import { LIVE_API } from '@panalo/contract/live';
import { MEMBER_TYPE } from '@panalo/contract/member';
import { openDatabase, type Database } from '../db/database';
import { migrateToLatest } from '../db/migrator';
import { seedDemo } from '../db/seed/seed';
import { systemClock } from '../lib/clock';
import { ledgerAccount, postTransfer } from '../modules/wallet/ledger';
import {
  BenchHttpClient,
  line,
  percentile,
  refusalCode,
  refusals,
  runBench,
  startApi,
} from './bench-support';
import { infoLine } from '../../../../scripts/bench-lines.mjs';
import { inTransaction } from '../db/transaction';

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 100_000);
const PERSONAL = 25;
const BROADCASTS = 25;
const SAMPLES = 2_000;
const STREAMS = 1_000;
const LIVE_TICKET = `/api${LIVE_API.ticket}`;

async function setUp(db: Database, merchantId: number) {
  await sql`
    insert into member (merchant_id, username, password_hash, type, vip_level, created_at)
    select ${merchantId}::int, 'mb_' || g, 'bench-no-login', 0, g % 6, now() - interval '90 days'
    from generate_series(1, ${MEMBERS}::int) g`.execute(db);
  // 25 broadcasts: everyone, then VIP levels and member types in turn (each member matches some).
  await sql`
    insert into mail (merchant_id, kind, audience, vip_levels, member_types, title, body, recipients, created_at)
    select ${merchantId}::int, 'operator',
      case when b % 3 = 0 then 'all' when b % 3 = 1 then 'vip' else 'types' end,
      case when b % 3 = 1 then array[b % 6, (b + 1) % 6] end,
      case when b % 3 = 2 then array[0] end,
      'Broadcast ' || b, '<p>News ' || b || '</p>', ${MEMBERS}::int, now() - interval '30 days' + b * interval '1 hour'
    from generate_series(1, ${BROADCASTS}::int) b`.execute(db);
  // 25 personal system mails per member: one mail row and one recipient row each.
  for (let k = 0; k < PERSONAL; k++) {
    await sql`
      with mails as materialized (
        select nextval(pg_get_serial_sequence('mail', 'id')) as id, m.id as member_id
        from member m where m.merchant_id = ${merchantId}::int and m.username like 'mb\\_%'
      ), written as (
        insert into mail (id, merchant_id, kind, audience, template, params, recipients, created_at)
        select id, ${merchantId}::int, 'system', 'members', 'deposit_credited', '{"amount":"100.00"}', 1,
          now() - interval '20 days' + ${k}::int * interval '1 hour'
        from mails returning 1
      )
      insert into mail_recipient (member_id, mail_id) select member_id, id from mails`.execute(db);
  }
  // About 40 % read: every mail whose (member + mail) falls in 2 of 5.
  await sql`
    insert into mail_state (member_id, mail_id, read_at)
    select r.member_id, r.mail_id, now() from mail_recipient r
    join member m on m.id = r.member_id where m.username like 'mb\\_%' and (r.member_id + r.mail_id) % 5 < 2`.execute(
    db,
  );
  await sql`
    insert into mail_state (member_id, mail_id, read_at)
    select m.id, b.id, now() from member m cross join mail b
    where m.username like 'mb\\_%' and b.audience <> 'members' and (m.id + b.id) % 5 < 2`.execute(db);
  await sql`vacuum (analyze)`.execute(db);
}

/** What the unread count of `memberId` must be, counted the long way from the tables. */
async function expectedUnread(db: Database, memberId: string): Promise<number> {
  const r = await sql<{ n: number }>`
    with me as (select * from member where id = ${memberId}::bigint),
    box as (
      select r.mail_id as id from mail_recipient r where r.member_id = ${memberId}::bigint
      union all
      select b.id from mail b, me where b.merchant_id = me.merchant_id and b.audience <> 'members'
        and b.created_at >= me.created_at
        and (b.audience = 'all' or (b.audience = 'vip' and me.vip_level = any (b.vip_levels))
          or (b.audience = 'types' and me.type = any (b.member_types)))
    )
    select count(*)::int as n from box
    where not exists (select 1 from mail_state s where s.member_id = ${memberId}::bigint and s.mail_id = box.id)`.execute(
    db,
  );
  return r.rows[0]!.n;
}

/** One SSE connection read raw: resolves each 'balance' event's arrival time. */
function openStream(port: number, path: string, onBalance: (balance: string) => void): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: '127.0.0.1', port }, () => {
      socket.write(
        `GET ${path} HTTP/1.1\r\nhost: 127.0.0.1\r\nmerchant: panalo\r\naccept: text/event-stream\r\n\r\n`,
      );
    });
    let text = '';
    let ready = false;
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      text += chunk;
      let end;
      while ((end = text.indexOf('\n\n')) >= 0) {
        const block = text.slice(0, end);
        text = text.slice(end + 2);
        if (!ready && block.includes('event: ready')) {
          ready = true;
          resolve(socket);
        }
        const data = /^event: balance\ndata: (.*)$/m.exec(block)?.[1];
        if (data) onBalance((JSON.parse(data) as { balance: string }).balance);
      }
    });
    socket.once('error', reject);
  });
}

async function streamPhase(
  db: Database,
  port: number,
  members: string[],
  client: BenchHttpClient,
  headers: (token: string) => Record<string, string>,
) {
  const arrivals = new Map<string, number>();
  const sockets: net.Socket[] = [];
  const refused = new Map<string, number>();
  let t0 = 0;
  try {
    for (const id of members) {
      const { 'content-type': _json, ...bare } = headers(`mail-bench-session-${id}`);
      const r = await client.post(LIVE_TICKET, bare, '');
      if (r.status !== 200) {
        const code = refusalCode(r);
        refused.set(code, (refused.get(code) ?? 0) + 1);
        continue;
      }
      const ticket = (JSON.parse(r.body) as { value: { ticket: string } }).value.ticket;
      sockets.push(
        await openStream(port, `/api/stream?ticket=${ticket}`, (balance) => {
          if (balance === '10.00' && !arrivals.has(id)) arrivals.set(id, performance.now() - t0);
        }),
      );
    }
    infoLine('messages-streams-open', sockets.length, 'streams on one API process');
    const wallets = await sql<{ id: string; member: string }>`
      insert into ledger_account (merchant_id, book, kind, owner_member_id, ref, currency)
      select 1, 'real', 'member_wallet', x::bigint, '', 'PHP' from unnest(${members}::text[]) x
      on conflict (merchant_id, book, kind, coalesce(owner_member_id, 0), ref, currency)
        do update set ref = excluded.ref
      returning id::text, owner_member_id::text as member`.execute(db);
    const clearing = await ledgerAccount(db, {
      merchantId: 1,
      book: 'real',
      kind: 'payment_clearing',
      ref: 'BENCH',
      currency: 'PHP',
    });
    t0 = performance.now();
    await inTransaction(db, 'bench-messages.ticket', (trx) =>
      postTransfer(trx, {
        merchantId: 1,
        book: 'real',
        kind: 'deposit',
        createdBy: 'system:bench',
        at: new Date(),
        legs: [
          { accountId: clearing, amount: -1_000n * BigInt(wallets.rows.length) },
          ...wallets.rows.map((w) => ({ accountId: BigInt(w.id), amount: 1_000n })),
        ],
      }),
    );
    const deadline = performance.now() + 10_000;
    while (arrivals.size < sockets.length && performance.now() < deadline)
      await new Promise((r) => setTimeout(r, 20));
    const times = [...arrivals.values()];
    infoLine('messages-push-heard', `${arrivals.size} of ${sockets.length} streams`);
    line(
      'messages-push-1000-streams-p99',
      sockets.length === members.length && arrivals.size === sockets.length
        ? percentile(times, 0.99)
        : Number.NaN,
      'ms',
      '<=',
      1_000,
    );
    refusals('messages-stream-tickets', { count: sockets.length, refused, seconds: 0, latencies: [] }, 0);
  } finally {
    for (const s of sockets) s.destroy();
  }
}

runBench('messages', async (url) => {
  const handle = await openDatabase({ kind: 'postgres', url, poolSize: 10 });
  const db = handle.db;
  try {
    await migrateToLatest(db);
    await seedDemo(db, systemClock);
    const merchant = await db
      .selectFrom('merchant')
      .select('id')
      .where('code', '=', 'panalo')
      .executeTakeFirstOrThrow();
    const t0 = performance.now();
    await setUp(db, merchant.id);
    const rows = await sql<{ mails: string; recipients: string; states: string }>`
      select (select count(*) from mail)::text as mails, (select count(*) from mail_recipient)::text as recipients,
        (select count(*) from mail_state)::text as states`.execute(db);
    const c = rows.rows[0]!;
    infoLine(
      'messages-setup',
      `${MEMBERS} members × ${PERSONAL + BROADCASTS} mails: ${c.mails} mails, ${c.recipients} recipient rows, ${c.states} read`,
    );
    infoLine('messages-setup-time', (performance.now() - t0) / 1000, 's');

    // Sessions for the operator and for the sampled members (as a login leaves them).
    const ops = await db
      .selectFrom('member')
      .select('id')
      .where('merchant_id', '=', merchant.id)
      .where('type', '=', MEMBER_TYPE.OPERATOR)
      .executeTakeFirstOrThrow();
    const sampled = await sql<{ id: string }>`
      with picked as (
        select id from member where username like 'mb\\_%' order by random() limit ${SAMPLES}::int)
      insert into member_session (merchant_id, member_id, token_hash, kind, created_at, expires_at, last_seen_at)
      select ${merchant.id}::int, id, encode(sha256(convert_to('mail-bench-session-' || id, 'UTF8')), 'hex'),
        'session', now(), now() + interval '1 day', now()
      from (select id from picked union all select ${ops.id}::bigint) s
      returning member_id::text as id`.execute(db);
    const members = sampled.rows.map((r) => r.id).filter((id) => id !== String(ops.id));
    const expected = new Map<string, number>();
    for (const id of members) expected.set(id, await expectedUnread(db, id));
    await sql`analyze`.execute(db);

    const api = await startApi(url);
    const client = await BenchHttpClient.connect(api.port);
    try {
      const headers = (token: string) => ({
        merchant: 'panalo',
        'content-type': 'application/json',
        authorization: `Bearer ${token}`,
      });
      // The unread count: one request at a time, each member once, then again (a warm cache is the
      // common case: the header asks on every page load).
      for (const id of members.slice(0, 100))
        await client.get('/api/members/unread-count', headers(`mail-bench-session-${id}`));
      const latencies: number[] = [];
      let wrong = 0;
      const refused = new Map<string, number>();
      for (const id of members) {
        const s = performance.now();
        const res = await client.get('/api/members/unread-count', headers(`mail-bench-session-${id}`));
        const ms = performance.now() - s;
        if (res.status !== 200) {
          const code = refusalCode(res);
          refused.set(code, (refused.get(code) ?? 0) + 1);
          continue;
        }
        if ((JSON.parse(res.body) as { value: number }).value !== expected.get(id)) wrong++;
        else latencies.push(ms);
      }
      const mean = [...expected.values()].reduce((a, b) => a + b, 0) / Math.max(1, expected.size);
      infoLine('messages-unread-mean', mean, 'unread mails per member');
      line(
        'messages-unread-count-p95',
        latencies.length === members.length ? percentile(latencies, 0.95) : Number.NaN,
        'ms',
        '<=',
        5,
      );
      line('messages-unread-count-wrong', wrong, 'answers', '<=', 0);
      refusals(
        'messages-unread-count',
        { count: latencies.length + wrong, refused, seconds: 0, latencies },
        0,
      );

      // The broadcast to everyone, through the operator API.
      const s = performance.now();
      const sent = await client.post(
        '/api/ops/mail',
        { ...headers(`mail-bench-session-${ops.id}`), 'idempotency-key': 'bench-broadcast-1' },
        JSON.stringify({
          audience: 'all',
          title: 'Weekend tournament',
          body: '<p>Play this <b>weekend</b>.</p>',
        }),
      );
      const seconds = (performance.now() - s) / 1000;
      const reached =
        sent.status === 200
          ? (JSON.parse(sent.body) as { value: { recipients: number } }).value.recipients
          : 0;
      infoLine('messages-broadcast-recipients', reached, 'members');
      line('messages-broadcast-100k', reached >= MEMBERS ? seconds : Number.NaN, 's', '<=', 5);
      // Every sampled member now has one more unread mail (read from the API).
      const after = await client.get(
        '/api/members/unread-count',
        headers(`mail-bench-session-${members[0]}`),
      );
      const now = (JSON.parse(after.body) as { value: number }).value;
      line('messages-broadcast-unseen', now === expected.get(members[0]!)! + 1 ? 0 : 1, 'members', '<=', 0);
      await streamPhase(db, api.port, members.slice(0, STREAMS), client, headers);
    } finally {
      client.close();
      await api.close();
    }
  } finally {
    await handle.close();
  }
});
