/** Query keys of the lottery screen; a saved game is written into `games`, a cancel invalidates `periodsOf`. */
export const lotteryKeys = {
  all: ['ops', 'lottery'] as const,
  games: () => ['ops', 'lottery', 'games'] as const,
  /** Every page of one game's periods. */
  periodsOf: (code: string) => ['ops', 'lottery', 'periods', code] as const,
  periods: (code: string, page: number) => ['ops', 'lottery', 'periods', code, page] as const,
};
