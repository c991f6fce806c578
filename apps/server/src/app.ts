import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import { INSTANCE } from './lib/instance';
import compress from '@fastify/compress';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { repoRoot } from './config';
import type { AppContext } from './context';
import errors from './plugins/errors';
import security from './plugins/security';
import { protectionRoutes } from './modules/protection/protection.routes';
import inputGuard from './plugins/input-guard';
import merchant from './plugins/merchant';
import session from './plugins/session';
import providerSession from './plugins/provider-session';
import { providerRoutes } from './modules/provider/provider.routes';
import { providerBillingRoutes } from './modules/provider/billing.routes';
import { providerSystemRoutes } from './modules/provider/system.routes';
import { providerBrandLifeRoutes } from './modules/provider/brand-life.routes';
import { staffSetupRoutes } from './modules/staff/staff-setup.routes';
import { staffRoutes } from './modules/staff/staff.routes';
import { membersOpsRoutes } from './modules/members/members-ops.routes';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes';
import { dailyCloseRoutes } from './modules/daily-close/daily-close.routes';
import { liabilitiesRoutes } from './modules/daily-close/liabilities.routes';
import { reconciliationRoutes } from './modules/reconciliation/reconciliation.routes';
import { amlRoutes } from './modules/aml/aml.routes';
import { kycRoutes } from './modules/kyc/kyc.routes';
import { contentOpsRoutes } from './modules/content/content-ops.routes';
import { bannerImagesRoutes } from './modules/content/banner-images.routes';
import { helpOpsRoutes } from './modules/content/help-ops.routes';
import { siteRulesRoutes } from './modules/merchants/site-rules.routes';
import openapi from './plugins/openapi';
import web from './plugins/web';
import { startupRoutes } from './modules/merchants/startup.routes';
import { agentNoticeRoutes, contentRoutes, messageRoutes } from './modules/content/content.routes';
import { siteRoutes } from './modules/merchants/site.routes';
import { loginKeyRoutes } from './modules/auth/login-key.routes';
import { membersRoutes } from './modules/members/members.routes';
import { walletRoutes } from './modules/wallet/wallet.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { oauthRoutes } from './modules/auth/oauth.routes';
import { passwordRoutes } from './modules/auth/password.routes';
import { outboxRoutes } from './modules/messaging/outbox.routes';
import { promotionsRoutes } from './modules/promotions/promotions.routes';
import { phoneAuthSimRoutes } from './modules/phone-verification/phone-auth-sim.routes';
import { depositsRoutes } from './modules/deposits/deposits.routes';
import { withdrawalsRoutes } from './modules/withdrawals/withdrawals.routes';
import { approvalsRoutes } from './modules/approvals/approvals.routes';
import { adjustmentCarrier } from './modules/ops/adjustment-carrier';
import { opsService } from './modules/ops/ops.service';
import { withdrawalCarrier } from './modules/withdrawals/withdrawal-carrier';
import { withdrawalsService } from './modules/withdrawals/withdrawals.service';
import { securityService } from './modules/withdrawals/security.service';
import { recordsRoutes } from './modules/records/records.routes';
import { agentsRoutes } from './modules/agents/agents.routes';
import { contractsRoutes } from './modules/contracts/contracts.routes';
import { rainRoutes } from './modules/rain/rain.routes';
import { mailRoutes } from './modules/mail/mail.routes';
import { liveRoutes } from './modules/live/live.routes';
import { feedbackRoutes } from './modules/feedback/feedback.routes';
import { contractCallsRoutes } from './modules/contracts/contract-calls.routes';
import { agentsOpsRoutes } from './modules/agents/agents.ops.routes';
import { opsRoutes } from './modules/ops/ops.routes';
import { gameWalletRoutes } from './modules/game-wallet/game-wallet.routes';
import { hub88WalletRoutes } from './modules/hub88/hub88-wallet.routes';
import { hub88OpsRoutes } from './modules/hub88/hub88-ops.routes';
import { gamesOpsRoutes } from './modules/games/games-ops.routes';
import { lotteryOpsRoutes } from './modules/lottery/lottery-ops.routes';
import { staffAdminRoutes } from './modules/staff/staff-admin.routes';
import { paymentsOpsRoutes } from './modules/payments/payments-ops.routes';
import { gamesRoutes } from './modules/games/games.routes';
import { gameRecordsRoutes } from './modules/games/game-records.routes';
import { recentWinsRoutes } from './modules/wins/recent-wins.routes';
// route imports: in-house play (issue 5)
import { inhousePlayRoutes } from './modules/inhouse-play/inhouse-play.routes';
// route imports: game launch (issue 5)
import { gameLaunchRoutes } from './modules/game-launch/game-launch.routes';
// route imports: lottery (issue 6)
import { lotteryRoutes } from './modules/lottery/lottery.routes';

export interface BuildOptions {
  ctx: AppContext;
  logLevel?: string;
  trustProxy?: boolean | string;
  webDist?: string | null;
  /** The built operator console (apps/admin/dist), served at /admin/. */
  adminDist?: string | null;
  rateLimitPerMinute?: number;
}

export const imagesDir = path.join(repoRoot, 'apps/server/assets/img');

/** Builds the HTTP app: external plugins, then ours, then the routes (in that order, as fastify/demo). */
export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: opts.logLevel ?? 'info' },
    trustProxy: opts.trustProxy ?? false,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? given : randomUUID();
    },
    bodyLimit: 256 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('ctx', opts.ctx);

  await app.register(errors);
  await app.register(security, { rateLimitPerMinute: opts.rateLimitPerMinute ?? 600 });
  await app.register(inputGuard);
  await app.register(compress, { global: true, threshold: 1024 });
  await app.register(openapi);

  await app.register(
    async (api) => {
      await api.register(merchant);
      await api.register(session);
      await api.register(providerSession);
      await api.register(providerRoutes);
      await api.register(providerBillingRoutes);
      await api.register(providerSystemRoutes);
      await api.register(providerBrandLifeRoutes);
      await api.register(staffSetupRoutes);
      api.get('/health', { config: { openDuringMaintenance: true }, schema: { hide: true } }, async () => ({
        success: true,
        // (instance: which API process answered, for checks through a load balancer)
        // (reads: where the reads that may be a moment old go now, the replica or the primary)
        value: {
          status: 'ok',
          db: opts.ctx.dbKind,
          instance: INSTANCE,
          reads: opts.ctx.reads.status().inUse ? 'replica' : 'primary',
        },
      }));
      await api.register(startupRoutes);
      await api.register(siteRoutes);
      await api.register(loginKeyRoutes);
      await api.register(membersRoutes);
      await api.register(protectionRoutes);
      await api.register(walletRoutes);
      await api.register(authRoutes);
      await api.register(oauthRoutes);
      await api.register(passwordRoutes);
      await api.register(outboxRoutes);
      await api.register(phoneAuthSimRoutes);
      await api.register(depositsRoutes);
      await api.register(withdrawalsRoutes);
      // Maker-checker's desk: approvals carry out what the owning modules hand them (they never import them).
      await api.register(
        approvalsRoutes({
          adjustment: adjustmentCarrier(opsService(opts.ctx.db, opts.ctx.clock)),
          withdrawal: withdrawalCarrier(withdrawalsService(opts.ctx, securityService(opts.ctx))),
        }),
      );
      await api.register(recordsRoutes);
      await api.register(agentsRoutes);
      await api.register(agentNoticeRoutes);
      await api.register(messageRoutes);
      await api.register(contractsRoutes);
      await api.register(contractCallsRoutes);
      await api.register(rainRoutes);
      await api.register(mailRoutes);
      await api.register(liveRoutes);
      await api.register(feedbackRoutes);
      await api.register(promotionsRoutes);
      await api.register(agentsOpsRoutes);
      await api.register(opsRoutes);
      await api.register(staffRoutes);
      await api.register(staffAdminRoutes);
      await api.register(membersOpsRoutes);
      await api.register(dashboardRoutes);
      await api.register(dailyCloseRoutes);
      await api.register(liabilitiesRoutes);
      await api.register(reconciliationRoutes);
      await api.register(amlRoutes);
      await api.register(kycRoutes);
      await api.register(contentOpsRoutes);
      await api.register(helpOpsRoutes);
      await api.register(bannerImagesRoutes);
      await api.register(siteRulesRoutes);
      await api.register(gameWalletRoutes);
      await api.register(hub88WalletRoutes);
      await api.register(hub88OpsRoutes);
      await api.register(gamesOpsRoutes);
      await api.register(lotteryOpsRoutes);
      await api.register(paymentsOpsRoutes);
      await api.register(gamesRoutes);
      await api.register(gameRecordsRoutes);
      await api.register(recentWinsRoutes);
      // routes: in-house play (issue 5)
      await api.register(inhousePlayRoutes);
      // routes: game launch (issue 5)
      await api.register(gameLaunchRoutes);
      // routes: lottery (issue 6)
      await api.register(lotteryRoutes);
      await api.register(contentRoutes, { prefix: '/content' });
    },
    { prefix: '/api' },
  );

  await app.register(web, { webDist: opts.webDist ?? null, adminDist: opts.adminDist ?? null, imagesDir });
  return app;
}
