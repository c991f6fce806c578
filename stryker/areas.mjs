// The areas that mutation testing guards (npm run mutation [-- <area>]): for each, the source files
// Stryker mutates and the test files that must kill those mutants (and only those run). Budget: the
// share of valid mutants killed (Killed + Timeout) over Killed + Timeout + Survived + NoCoverage.
export const MUTATION_BUDGET = 80;

export const areas = {
  // Hub88's RSA-SHA256 request signatures and PayMongo's HMAC webhook signatures: who may move money in.
  signatures: {
    mutate: [
      'apps/server/src/modules/hub88/hub88-signature.ts',
      'apps/server/src/modules/payments/paymongo/paymongo.signature.ts',
    ],
    testFiles: [
      'apps/server/src/modules/hub88/hub88-signature.test.ts',
      'apps/server/src/modules/hub88/hub88-setup.test.ts',
      'apps/server/src/modules/hub88/hub88-wallet.test.ts',
      'apps/server/src/modules/payments/paymongo/paymongo.signature.test.ts',
      'apps/server/src/modules/payments/paymongo/paymongo.adapter.test.ts',
      'apps/server/src/modules/payments/paymongo/paymongo.sim.test.ts',
    ],
  },
  // Who may call what: the route rules (member, real member, agent, operator), the staff permission
  // table and its check, feature flags, and the session lookup that keeps a token to its merchant.
  access: {
    mutate: [
      'apps/server/src/plugins/session.ts',
      'apps/server/src/modules/auth/auth.policy.ts',
      'packages/contract/src/staff-rules.ts',
      'apps/server/src/modules/staff/staff.service.ts:20-35',
      'apps/server/src/modules/identity/sessions.service.ts:98-125',
    ],
    testFiles: [
      'apps/server/src/modules/staff/staff.routes.test.ts',
      'apps/server/src/modules/staff/staff-admin.routes.test.ts',
      'apps/server/src/modules/identity/sessions.cache.test.ts',
      'apps/server/src/modules/auth/auth.routes.test.ts',
      'apps/server/src/modules/auth/trial.service.test.ts',
      'apps/server/src/modules/auth/oauth.isolation.test.ts',
      'apps/server/src/modules/content/content.isolation.test.ts',
      'apps/server/src/modules/games/games.isolation.test.ts',
      'apps/server/src/modules/records/records.features.test.ts',
      'apps/server/src/modules/auth/auth.policy.test.ts',
      'apps/server/src/modules/identity/sessions.service.test.ts',
      'apps/server/src/plugins/session.test.ts',
      'packages/contract/src/staff.test.ts',
    ],
  },
  // The money core in TypeScript: one transfer's posting call and its checks (ledger_post itself is SQL,
  // guarded by the architecture test and the SQL tests), the set-based runs, idempotency keys and their
  // stored answers, and the amounts and keys read off a money request.
  money: {
    mutate: [
      'apps/server/src/modules/wallet/ledger.ts',
      'apps/server/src/modules/wallet/post-run.ts',
      'apps/server/src/modules/wallet/idempotency.ts',
      'apps/server/src/modules/wallet/money-request.ts',
    ],
    testFiles: [
      'apps/server/src/modules/wallet/ledger.test.ts',
      'apps/server/src/modules/wallet/ledger-post.test.ts',
      'apps/server/src/modules/wallet/post-run.test.ts',
      'apps/server/src/modules/wallet/ledger-transfer.test.ts',
      'apps/server/src/modules/wallet/idempotency.test.ts',
      'apps/server/src/modules/wallet/money-request.test.ts',
      'apps/server/src/modules/wallet/money-contention.test.ts',
      'apps/server/src/modules/wallet/wallet.routes.test.ts',
      'apps/server/src/modules/lottery/lottery.idempotency.test.ts',
      'apps/server/src/modules/deposits/deposits.routes.test.ts',
      'apps/server/src/modules/withdrawals/withdrawals.routes.test.ts',
      'apps/server/src/modules/agents/transfer.routes.test.ts',
      'apps/server/src/modules/agents/rebate-run.test.ts',
    ],
  },
  // Safer play's limits: deposit, loss, wager and session limits (raised only after a cooling-off, lowered
  // at once), their checks on a deposit and a bet, and the VIP level's daily withdrawal limits.
  limits: {
    mutate: [
      'apps/server/src/modules/protection/limits.ts',
      'apps/server/src/modules/protection/limits.service.ts',
      'apps/server/src/modules/withdrawals/level-limit.ts',
    ],
    testFiles: [
      'apps/server/src/modules/protection/limits.test.ts',
      'apps/server/src/modules/protection/play-limits.test.ts',
      'apps/server/src/modules/protection/exclusion.test.ts',
      'apps/server/src/modules/withdrawals/level-limit.test.ts',
      'apps/server/src/modules/withdrawals/withdrawals.routes.test.ts',
      'apps/server/src/modules/deposits/deposits.routes.test.ts',
      // The operator's imposed limits (the member profile): without it the first run left 39 mutants uncovered.
      'apps/server/src/modules/members/member-360.routes.test.ts',
    ],
  },
  // Withdrawals: a member's request (the money held at once), its checks (amount, card, payment password,
  // open turnover, the level's limit), the operator's decision (paid out or returned, exactly once), and
  // giving up open bonuses to withdraw.
  withdrawals: {
    mutate: [
      'apps/server/src/modules/withdrawals/withdrawals.service.ts',
      'apps/server/src/modules/withdrawals/withdrawals.repository.ts',
      'apps/server/src/modules/withdrawals/bonus-forfeit.ts',
    ],
    testFiles: [
      'apps/server/src/modules/withdrawals/withdrawals.routes.test.ts',
      'apps/server/src/modules/withdrawals/withdrawals.ops.test.ts',
      'apps/server/src/modules/withdrawals/withdrawals.concurrency.test.ts',
      'apps/server/src/modules/approvals/approvals.test.ts',
      'apps/server/src/modules/wallet/money-contention.test.ts',
      'apps/server/src/modules/promotions/turnover.routes.test.ts',
      'apps/server/src/modules/protection/forfeit.test.ts',
      // Giving up open bonuses to withdraw (POST /withdrawals/forfeit-bonuses) is proved there.
      'apps/server/src/modules/promotions/deposit-bonus.routes.test.ts',
      // Its key is the member's own, and its login password's guesses count with the cashier's others.
      'apps/server/src/modules/withdrawals/bonus-forfeit.test.ts',
      // The verification level's gate inside the request (issue 53).
      'apps/server/src/modules/kyc/kyc.test.ts',
      // The VIP level's daily limit inside the request (issue 18 item 5).
      'apps/server/src/modules/withdrawals/level-limit.test.ts',
    ],
  },
  // Red envelope rain's claims: the split of a rain into envelopes (every envelope within its bounds, the
  // sum exact), one claim taking one envelope exactly once, and the refusal that says why nothing was taken.
  rain: {
    mutate: [
      'apps/server/src/modules/rain/rain-maths.ts',
      'apps/server/src/modules/rain/rain.service.ts:121-158',
      'apps/server/src/modules/rain/rain.service.ts:293-357',
    ],
    testFiles: [
      'apps/server/src/modules/rain/rain-maths.test.ts',
      'apps/server/src/modules/rain/rain.routes.test.ts',
      'apps/server/src/modules/rain/rain.concurrency.test.ts',
    ],
  },
  // Promotion pay: a claim paid inside the caller's transaction (the pay function's refusals as the API's),
  // rewards issued once per (promotion, member, period) and their mail, the amount a reward draws, the
  // daily check-in paid at once, a reward claimed exactly once, and a deposit's bonus (budget, first
  // deposit, linked accounts held for review). The SQL functions they call are proved by the same tests.
  promotions: {
    mutate: [
      'apps/server/src/modules/promotions/promotion-claims.ts',
      'apps/server/src/modules/promotions/deposit-bonus.ts:149-236',
      'apps/server/src/modules/promotions/promotions.service.ts:157-224',
    ],
    testFiles: [
      'apps/server/src/modules/promotions/promotion-claims.test.ts',
      'apps/server/src/modules/promotions/promotions.routes.test.ts',
      'apps/server/src/modules/promotions/deposit-bonus.routes.test.ts',
      'apps/server/src/modules/promotions/application.routes.test.ts',
      'apps/server/src/modules/promotions/mission.routes.test.ts',
      'apps/server/src/modules/promotions/eligibility.routes.test.ts',
      'apps/server/src/modules/promotions/linked.routes.test.ts',
      'apps/server/src/modules/promotions/referral.routes.test.ts',
      'apps/server/src/modules/promotions/day-job.test.ts',
      'apps/server/src/modules/promotions/promotions.ops.routes.test.ts',
      'apps/server/src/modules/promotions/turnover.routes.test.ts',
      'apps/server/src/modules/promotions/vip.routes.test.ts',
      'apps/server/src/modules/promotions/rebate.routes.test.ts',
    ],
  },
};
