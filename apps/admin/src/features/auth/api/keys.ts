/** Query keys of the session: the signed-in staff member (`GET /ops/me`, queried by app/app.tsx). */
export const authKeys = {
  me: () => ['me'] as const,
};
