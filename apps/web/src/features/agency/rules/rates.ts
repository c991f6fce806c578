import { parseRate, PRODUCT_GROUPS, type ProductGroup } from '@panalo/contract/rebate';

/** Rates typed per product group ('' or absent: none). */
export type TypedRates = Partial<Record<ProductGroup, string>>;

/** The highest rate I may give, per product: my own less the gap (null: none). */
export function ceilings(
  own: Record<ProductGroup, string>,
  gap: string,
): Record<ProductGroup, number | null> {
  const g = parseRate(gap) ?? 0;
  return Object.fromEntries(
    PRODUCT_GROUPS.map((p) => {
      const max = (parseRate(own[p]) ?? 0) - g;
      return [p, max > 0 ? max : null];
    }),
  ) as Record<ProductGroup, number | null>;
}

/** Whether a typed rate is malformed or above what I may give. */
export function rateProblem(
  rates: TypedRates,
  max: Record<ProductGroup, number | null>,
  p: ProductGroup,
): boolean {
  const text = rates[p];
  if (text === undefined || text === '') return false;
  const bp = parseRate(text);
  return bp === null || bp > (max[p] ?? 0);
}

/** The rates to send: the typed ones only. */
export const givenRates = (rates: TypedRates): TypedRates =>
  Object.fromEntries(Object.entries(rates).filter(([, v]) => v !== undefined && v !== ''));
