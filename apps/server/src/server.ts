import path from 'node:path';
import { loadConfig } from './config';
import { openDatabase } from './db/database';
import { transactionRetries } from './db/transaction';
import { migrateToLatest } from './db/migrator';
import { seedDemo } from './db/seed/seed';
import { seedDemoTeam } from './modules/agents/demo-team';
import { seedDemoContracts } from './modules/contracts/demo-contracts';
import { buildApp } from './app';
import { systemClock } from './lib/clock';
import { hub88FromSettings } from './modules/hub88/hub88-setup';
import { startHub88 } from './modules/hub88/hub88.setup';
import { createIpCountryLookup } from './modules/geo/ip-country';
import { buildContext } from './app-context';
import { outboxMessaging, smtpMessaging } from './modules/messaging/messaging';
import { configureProviderPayments, startPaymentSimulator } from './modules/payments/payments.setup';
import type { PaySim } from './modules/payments/paysim/paysim.server';
import { startVendorSimulator } from './modules/vendor-sim/vendor-sim.setup';
import type { VendorSim } from './modules/vendor-sim/vendor-sim.server';
import { startHouseRollup } from './modules/wallet/house-rollup';
import { startDepositExpiry } from './modules/deposits/deposit-expiry';
import { startRateLimitPurge } from './modules/ratelimit/ratelimit-purge';
import { startRebateRuns } from './modules/agents/rebate-run';
import { startPromotionRebateRuns } from './modules/promotions/rebate-run';
import { startContractJobs } from './modules/contracts/contract-jobs';
import { startDailyCloseJobs } from './modules/daily-close/daily-close-jobs';
import { reconciliationService } from './modules/reconciliation/reconciliation.service';
import { startAmlMonitor } from './modules/aml/aml.service';
import { startRainJobs } from './modules/rain/rain-jobs';
import { startLotteryJobs } from './modules/lottery/jobs/lottery-jobs';
import { lotteryBus as listenLotteryBus, processLotteryEvents } from './modules/lottery/lottery.events';
import { diskFileStore, s3FileStore } from './lib/file-store';
import { fileScreening } from './modules/aml/screening';
import { seedDemoKyc } from './modules/kyc/demo-kyc';
import { startLedgerPartitions } from './modules/wallet/ledger-partitions';

/** Starts one API process: migrate, seed the demo (once), serve the API and the built site. */
async function main() {
  const config = loadConfig();
  const handle = await openDatabase(config.database);
  const applied = await migrateToLatest(handle.db);
  const seeded = config.seed === 'demo' ? await seedDemo(handle.db, systemClock) : [];
  const outbox = outboxMessaging(handle.db);
  const ctx = buildContext(handle, {
    clock: systemClock,
    geo: createIpCountryLookup(),
    defaultMerchant: config.defaultMerchant,
    messaging: config.smtpUrl ? await smtpMessaging(config.smtpUrl, config.mailFrom, outbox) : outbox,
    files: config.s3 ? s3FileStore(config.s3) : diskFileStore(config.uploadsDir),
    ...(config.phoneJwksUrl ? { phoneJwksUrl: config.phoneJwksUrl } : {}),
    ...(config.hub88 ? { hub88: hub88FromSettings(config.hub88) } : {}),
    ...(config.screeningList ? { screening: fileScreening(config.screeningList) } : {}),
    dev: config.devTools,
  });
  // The demo agent's team, played through the real services (once: 250 members, about 20–30 s on the first start).
  const team =
    config.seed === 'demo'
      ? await seedDemoTeam(handle.db, ctx.sessions, {
          merchant: 'panalo',
          agent: 'agent01',
          password: 'Demo1234',
          now: systemClock.now(),
        })
      : 0;
  // The demo agent's contracts (and a waiting offer to its player downline), through the contract service.
  if (config.seed === 'demo')
    await seedDemoContracts(handle.db, systemClock, {
      merchant: 'panalo',
      operator: 'ops01',
      agent: 'agent01',
      downline: 'downline01',
    });
  // The demo brand verifies its players (issue 53): the Philippine tiers, switched on once.
  if (config.seed === 'demo')
    await seedDemoKyc(handle.db, ctx.files, { merchant: 'panalo', owner: 'ops01', now: systemClock.now() });
  const app = await buildApp({
    ctx,
    logLevel: config.logLevel,
    trustProxy: config.trustProxy,
    webDist: config.webDist,
    adminDist: config.adminDist,
    rateLimitPerMinute: config.rateLimitPerMinute,
  });
  app.log.info({ db: handle.kind, migrations: applied, seeded, team }, 'database ready');
  // The transaction helper's retries (a deadlock or serialization failure PostgreSQL rolled back).
  transactionRetries.onRetry = (e) =>
    app.log.warn(e, e.exhausted ? 'transaction retries exhausted' : 'transaction retried');

  let paysim: PaySim | null = null;
  let vendorSim: VendorSim | null = null;
  // Bets append the house's side (house_pending); this folds it into the house balances.
  const houseRollup = startHouseRollup(handle.db, 2_000, (err) =>
    app.log.error({ err }, 'house roll-up failed'),
  );
  // Gateway deposits abandoned for a day are marked expired (a late payment still credits).
  const depositExpiry = startDepositExpiry(handle.db, systemClock, 10 * 60_000, (err) =>
    app.log.error({ err }, 'deposit expiry failed'),
  );
  // The ledger's monthly partitions: this month's and the next three's, made ahead (migration 0082).
  const ledgerPartitions = startLedgerPartitions(handle.db, systemClock, 3_600_000, (err) =>
    app.log.error({ err }, 'ledger partitions failed'),
  );
  // Rate-limit counters whose window is over are cleared (they would count from one again anyway).
  const rateLimitPurge = startRateLimitPurge(handle.db, systemClock, 10 * 60_000, (err) =>
    app.log.error({ err }, 'rate-limit purge failed'),
  );
  // Agents' rebates: each closed day paid once it is due (catching up what was missed while down).
  const rebateRuns = startRebateRuns(handle.db, systemClock, 5 * 60_000, (err) =>
    app.log.error({ err }, 'rebate run failed'),
  );
  // Rebate promotions: each closed day's rebate paid once it is due (what manual rebates left).
  const promotionRebateRuns = startPromotionRebateRuns(handle.db, systemClock, 5 * 60_000, (err) =>
    app.log.error({ err }, 'promotion rebate run failed'),
  );
  // Period events reach every API process's streams through NOTIFY (PostgreSQL); PGlite is one process.
  const lotteryBus =
    config.database.kind === 'postgres'
      ? await listenLotteryBus({
          db: handle.db,
          listen: handle.listen,
          local: processLotteryEvents,
          onError: (err) => app.log.warn({ err }, 'lottery event bus'),
        })
      : null;
  // Lottery draws: periods, seeds, open/lock/draw/settle jobs on pg-boss; catches up what was missed.
  const lotteryJobs = await startLotteryJobs({
    db: handle.db,
    kind: handle.kind,
    clock: systemClock,
    events: lotteryBus ?? processLotteryEvents,
    onError: (err) => app.log.error({ err }, 'lottery job failed'),
  });
  // Agent contracts: each (merchant, kind, period) settled by one pg-boss job once due (and caught up).
  const contractJobs = await startContractJobs({
    db: handle.db,
    kind: handle.kind,
    clock: systemClock,
    onError: (err) => app.log.error({ err }, 'contract settlement failed'),
  });
  // The daily close: each merchant's day frozen once it is over (and caught up), by one pg-boss job.
  const dailyCloseJobs = await startDailyCloseJobs({
    db: handle.db,
    kind: handle.kind,
    clock: systemClock,
    onError: (err) => app.log.error({ err }, 'daily close failed'),
    // Each closed day is then reconciled with Hub88 and PayMongo (the simulators in the demo).
    afterClose: async (j) => {
      await reconciliationService(handle.db, { hub88: ctx.hub88 }).reconcileDay({
        ...j,
        runBy: 'system:daily-close',
        now: systemClock.now(),
      });
    },
  });
  // Anti-money-laundering monitoring: each merchant's new deposits and withdrawal requests, every minute.
  const amlMonitor = startAmlMonitor({
    db: handle.db,
    now: () => systemClock.now(),
    onError: (err) => app.log.error({ err }, 'aml scan failed'),
  });
  // Red envelope rains: the rest of each returns to its agent once the window is over.
  const rainJobs = await startRainJobs({
    db: handle.db,
    kind: handle.kind,
    clock: systemClock,
    onError: (err) => app.log.error({ err }, 'rain end failed'),
  });
  let closing = false;
  const close = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await houseRollup.stop();
    await depositExpiry.stop();
    await rateLimitPurge.stop();
    await ledgerPartitions.stop();
    await rebateRuns.stop();
    await promotionRebateRuns.stop();
    await lotteryJobs.stop();
    await contractJobs.stop();
    await dailyCloseJobs.stop();
    await amlMonitor.stop();
    await rainJobs.stop();
    await lotteryBus?.close();
    await paysim?.close();
    await vendorSim?.close();
    await handle.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void close('SIGINT'));
  process.on('SIGTERM', () => void close('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const port = (app.server.address() as { port: number } | null)?.port ?? config.port;
  if (config.paysim.enabled) {
    // Started once we listen: PaySim calls us back at our own address.
    paysim = await startPaymentSimulator(handle.db, systemClock, {
      port: config.paysim.port,
      chaos: config.paysim.chaos,
      callbackBaseUrl: config.paysim.callbackBaseUrl ?? `http://127.0.0.1:${port}`,
      log: (msg) => app.log.warn(msg),
      // Each merchant's PayMongo (GCash, Maya, QR Ph, GrabPay, card) played by the simulator, its
      // payments kept across restarts (the daily close reconciles with them).
      paymongo: true,
      payMongoJournalFile: path.join(config.simulatorsDir, 'paymongo-payments.jsonl'),
    });
  } else {
    configureProviderPayments(handle.db, systemClock);
  }
  if (config.vendorSim.enabled) {
    // The game vendor simulator: every demo vendor's games, calling our game wallet back over HTTP.
    vendorSim = await startVendorSimulator(handle.db, {
      port: config.vendorSim.port,
      apiBaseUrl: config.vendorSim.callbackBaseUrl ?? `http://127.0.0.1:${port}`,
      log: (msg) => app.log.warn(msg),
      // Unless HUB88_* name the real Hub88, the simulator plays it too, its books kept across restarts.
      hub88: ctx.hub88,
      hub88BookFile: path.join(config.simulatorsDir, 'hub88-transactions.jsonl'),
    });
  }
  // Hub88's launches and catalogue (the real one, or the simulator playing it).
  const hub88 = await startHub88(handle.db, ctx.hub88, (msg) => app.log.warn(msg));
  const where =
    handle.kind === 'pglite'
      ? `embedded PGlite in ${config.database.kind === 'pglite' ? config.database.dataDir : ''}`
      : 'PostgreSQL';
  process.stdout.write(
    [
      '',
      `  Panalo is running: http://localhost:${port}/m/home`,
      `  Second demo merchant (Luzon Palace): http://luzon.localhost:${port}/m/home`,
      `  Operator console: http://localhost:${port}/admin/    Provider console: http://localhost:${port}/admin/provider/`,
      `  API docs: http://localhost:${port}/api/docs    Database: ${where}`,
      `  Uploaded files: ${config.s3 ? `S3 bucket ${config.s3.bucket} at ${config.s3.endpoint}` : config.uploadsDir}`,
      ...(paysim
        ? [
            `  Payment simulator (PaySim${paysim.chaos ? ', chaos on' : ''}): ${paysim.url}  (callbacks to /api/payments/paysim/callback; the demo PayMongo's webhooks to /api/payments/paymongo/webhook)`,
          ]
        : []),
      ...(vendorSim
        ? [`  Game vendor simulator (PSIM): ${vendorSim.url}  (callbacks to /api/game-wallet/PSIM/…)`]
        : []),
      ...(ctx.hub88.apiUrl
        ? [
            `  Hub88${ctx.hub88.demo ? ' (played by the simulator)' : ''}: ${ctx.hub88.apiUrl}  (wallet calls to /api/hub88/…; ${hub88 ? `${hub88.enabled} games` : 'game list not read'})`,
          ]
        : []),
      ...(config.seed === 'demo'
        ? [
            '  Demo logins: demo01 / Demo1234 (player), agent01 / Agent1234 (agent), luzon01 / Luzon1234 (Luzon Palace)',
            '  Staff (with an authenticator app): ops01 / Staff1234 (console), provider01 / Provider1234 (provider console)',
            ...(config.devTools
              ? [`  SMS codes and e-mails of the demo: http://localhost:${port}/m/dev/outbox`]
              : []),
          ]
        : []),
      '',
    ].join('\n') + '\n',
  );
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
