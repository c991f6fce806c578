export type BudgetOp = '<=' | '>=' | '=';
export const REFUSED_SHARE: number;
export function meets(value: number | null | undefined, op: BudgetOp, budget: number): boolean;
export function benchLineText(
  name: string,
  value: number | null | undefined,
  unit: string,
  op: BudgetOp,
  budget: number,
): string;
export function benchLine(
  name: string,
  value: number | null | undefined,
  unit: string,
  op: BudgetOp,
  budget: number,
): boolean;
export interface RefusedOptions {
  expected?: number;
  byCode?: Record<string, number>;
}
export function refusedLineText(
  name: string,
  refused: number,
  attempted: number,
  options?: RefusedOptions,
): string;
export function refusedLine(name: string, refused: number, attempted: number, options?: RefusedOptions): void;
export function infoLine(name: string, value: number | string, unit?: string): void;
export function benchHeader(database: string): void;
