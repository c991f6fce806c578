/**
 * Query keys of the promotions screens. They share no prefix but `'ops'`, so there is no `all`: each
 * family is invalidated on its own (a review re-reads every applications page; a grant or a save, the list).
 */
export const promotionsKeys = {
  applications: () => ['ops', 'applications'] as const,
  applicationList: (page: number, status: string) => ['ops', 'applications', page, status] as const,
  list: () => ['ops', 'promotions'] as const,
  one: (id: string) => ['ops', 'promotion', id] as const,
  vipLevels: () => ['ops', 'vip-levels'] as const,
};
