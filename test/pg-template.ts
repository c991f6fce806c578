// Global setup of the PostgreSQL project: one migrated, seeded template database per run; each test
// file clones it with CREATE DATABASE … TEMPLATE and drops its clone at the end.
export default async function setup() {
  const { adminQuery, databaseUrl, prepareDatabase } =
    await import('../apps/server/src/test-support/test-db');
  const { openDatabase } = await import('../apps/server/src/db/database');
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  const name = `panalo_tpl_${process.pid}`;
  await adminQuery(`drop database if exists ${name} with (force)`);
  await adminQuery(`create database ${name}`);
  const handle = await openDatabase({ kind: 'postgres', url: databaseUrl(url, name), poolSize: 2 });
  await prepareDatabase(handle);
  await handle.close();
  process.env.PANALO_PG_TEMPLATE = name;
  return async () => {
    await adminQuery(`drop database if exists ${name} with (force)`);
  };
}
