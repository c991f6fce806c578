/** Query keys of the staff screen (one list, not paged). */
export const staffKeys = {
  all: ['ops', 'staff'] as const,
  list: () => ['ops', 'staff'] as const,
};
