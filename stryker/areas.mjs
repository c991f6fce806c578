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
};
