/** Query keys of payments: the merchant's PayMongo account (a save writes its answer into it). */
export const paymentsKeys = {
  paymongo: () => ['ops', 'paymongo'] as const,
};
