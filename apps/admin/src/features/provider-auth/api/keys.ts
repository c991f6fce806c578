/** Query keys of the provider session: the signed-in provider staff member (`GET /provider/me`). */
export const providerAuthKeys = {
  me: () => ['provider-me'] as const,
};
