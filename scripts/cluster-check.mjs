// npm run cluster -- --check (issue 54): what the started cluster must do, checked through nginx.
// Each check prints one line; any failure makes the run fail.
import http from 'node:http';
import pg from 'pg';

/**
 * @param {{ port: number, apiPorts: number[], pgPrimary: number, pgReplica: number, say: (l: string) => void,
 *   killApi: (port: number) => Promise<void>, startApi: (port: number) => Promise<boolean> }} o
 */
export async function checkCluster(o) {
  const base = `http://127.0.0.1:${o.port}`;
  let ok = true;
  const check = (name, passed, detail = '') => {
    o.say(`check ${name}: ${passed ? 'ok' : 'FAILED'}${detail ? ` (${detail})` : ''}`);
    if (!passed) ok = false;
  };
  const get = async (path, headers = {}) => {
    const res = await fetch(`${base}${path}`, { headers });
    return { status: res.status, body: await res.text(), headers: res.headers };
  };

  // The two demo merchants, told apart by the Host nginx passes on (fetch may not set Host: plain http).
  const codes = [];
  for (const host of [`localhost:${o.port}`, `luzon.localhost:${o.port}`]) {
    const r = await hostGet(o.port, '/api/startup', host);
    codes.push(r.status === 200 ? JSON.parse(r.body).value?.site?.merchantCode : `HTTP ${r.status}`);
  }
  check('merchants by host', codes[0] === 'panalo' && codes[1] === 'luzon', codes.join(', '));

  // Requests spread over the processes: each answers with its own instance id.
  const answers = await Promise.all(Array.from({ length: 60 }, () => get('/api/health')));
  const instances = new Set(
    answers.filter((a) => a.status === 200).map((a) => JSON.parse(a.body).value.instance),
  );
  const onReplica = answers.filter(
    (a) => a.status === 200 && JSON.parse(a.body).value.reads === 'replica',
  ).length;
  check(
    'the processes read reports from the replica',
    onReplica === answers.length,
    `${onReplica} of 60 say so`,
  );
  check(
    'requests spread over the API processes',
    answers.every((a) => a.status === 200) && instances.size === o.apiPorts.length,
    `${instances.size} processes answered 60 requests`,
  );

  // The live stream passes through unbuffered: its first event arrives while the connection stays open.
  const stream = await firstEvent(`${base}/api/stream`, 5000);
  check('live stream through nginx, unbuffered', stream.ok, stream.detail);

  // The replica streams from the primary and is readable.
  const primary = new pg.Client({ connectionString: `postgres://panalo@127.0.0.1:${o.pgPrimary}/panalo` });
  const replica = new pg.Client({ connectionString: `postgres://panalo@127.0.0.1:${o.pgReplica}/panalo` });
  await primary.connect();
  await replica.connect();
  try {
    const sending = await primary.query(`select state from pg_stat_replication`);
    const recovering = await replica.query(`select pg_is_in_recovery() as r`);
    const members = await replica.query(`select count(*)::int as n from member`);
    // How soon the replica has replayed a write made on the primary.
    const started = Date.now();
    const lsn = (await primary.query(`select pg_current_wal_insert_lsn()::text as l`)).rows[0].l;
    let caughtUp = null;
    while (Date.now() - started < 5000) {
      const r = await replica.query(`select pg_last_wal_replay_lsn() >= $1::pg_lsn as ok`, [lsn]);
      if (r.rows[0].ok) {
        caughtUp = Date.now() - started;
        break;
      }
      await new Promise((res) => setTimeout(res, 5));
    }
    check('the replica replays a write', caughtUp !== null, `within ${caughtUp ?? '> 5000'} ms`);
    check(
      'streaming replica',
      sending.rows.some((r) => r.state === 'streaming') &&
        recovering.rows[0].r === true &&
        members.rows[0].n > 0,
      `${sending.rows.map((r) => r.state).join(', ') || 'no sender'}; ${members.rows[0]?.n ?? 0} members readable`,
    );
  } finally {
    await primary.end();
    await replica.end();
  }

  // One process killed: nginx sends the next requests to the others, none fails; it comes back.
  await o.killApi(o.apiPorts[0]);
  const during = await Promise.all(Array.from({ length: 30 }, () => get('/api/health')));
  const failed = during.filter((a) => a.status !== 200).length;
  check(
    'a process killed (SIGKILL): every request answered by the others',
    failed === 0,
    `${failed} of 30 failed`,
  );
  check('the killed process restarted', await o.startApi(o.apiPorts[0]));

  // The flood guard counts an address across all processes (nginx's limit_req): a burst past it is refused.
  const burst = await Promise.all(Array.from({ length: 700 }, () => get('/api/health')));
  const limited = burst.filter((a) => a.status === 429).length;
  check('one flood guard per address for all processes', limited > 0, `${limited} of 700 refused with 429`);
  return ok;
}

/** A GET through nginx with the Host a browser of that domain sends. */
function hostGet(port, path, host) {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path, headers: { host } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode, body }));
    });
    req.on('error', reject);
  });
}

async function firstEvent(url, ms) {
  const ctl = new AbortController();
  const timer = setTimeout(() => ctl.abort(), ms);
  try {
    const res = await fetch(url, { signal: ctl.signal, headers: { accept: 'text/event-stream' } });
    const type = res.headers.get('content-type') ?? '';
    const reader = res.body.getReader();
    const { value } = await reader.read();
    ctl.abort();
    const text = new TextDecoder().decode(value ?? new Uint8Array());
    return {
      ok: type.startsWith('text/event-stream') && text.length > 0,
      detail: `${type}; ${text.length} bytes first`,
    };
  } catch (err) {
    return { ok: false, detail: String(err) };
  } finally {
    clearTimeout(timer);
  }
}
