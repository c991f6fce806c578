import type { z } from 'zod';

/** The `value` of a contract response schema `ok(X)` (types only: zod never reaches the bundle). */
export type OkValue<S extends z.ZodType> = z.infer<S> extends { value: infer V } ? V : never;
