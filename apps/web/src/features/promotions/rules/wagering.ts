/** A promotion's wagering multiple as the site writes it ('3.0' → '3', '1.5' → '1.5'), like the cashier's. */
export const multipleOf = (turnoverMultiplier: string): string => turnoverMultiplier.replace(/\.0$/, '');
