import { KYC_API, type KycImageSlot } from '@panalo/contract/kyc-rules';

/** A console path of the review (the contract's `KYC_API.ops`) with its `:id` and `:slot` filled in (encoded). */
export function kycPath(
  which: keyof typeof KYC_API.ops,
  params: { id?: string; slot?: KycImageSlot } = {},
): string {
  return KYC_API.ops[which].replace(/:(id|slot)\b/g, (_, name: 'id' | 'slot') =>
    encodeURIComponent(params[name] ?? ''),
  );
}

/**
 * The path of one of a document's images, for `AuthImage` (which fetches it with the staff token). The
 * server audits every load (`kyc.view`): only the document's own screen loads them.
 */
export const documentImagePath = (id: string, slot: KycImageSlot): string => kycPath('image', { id, slot });
