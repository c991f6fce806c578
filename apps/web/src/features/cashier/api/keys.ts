/** Query keys of the cashier (the wallet balance is the header's: app/layout/use-header-balance). */
export const cashierKeys = {
  all: ['cashier'] as const,
  depositOptions: (lang: string) => ['cashier', 'deposit-options', lang] as const,
  security: () => ['cashier', 'security'] as const,
};
