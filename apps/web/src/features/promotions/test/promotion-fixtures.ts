import type { PromotionItem } from '@panalo/contract/promotions';

/** A promotion open to everyone, with no time limits or weights on its wagering. */
export const NO_RULES: PromotionItem['rules'] = {
  newPlayersDays: null,
  vipLevels: null,
  depositsMin: null,
  depositsMax: null,
  team: false,
  excludes: [],
  claimHours: null,
  turnoverHours: null,
  turnoverWeights: null,
};
