import { displayMultiple, multipleTenths } from '@panalo/contract/money';

/** A promotion's wagering multiple as the site writes it ('3.0' → '3', '1.5' → '1.5'): the cashier's way. */
export const multipleOf = (turnoverMultiplier: string): string => {
  const tenths = multipleTenths(turnoverMultiplier);
  return Number.isNaN(tenths) ? turnoverMultiplier : displayMultiple(tenths);
};
