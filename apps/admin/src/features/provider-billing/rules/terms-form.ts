import { AMOUNT_TEXT } from '@panalo/contract/money';
import { PRODUCT_GROUPS, type ProductGroup } from '@panalo/contract/rebate';
import type { BrandTerms, BrandTermsRequest } from '@panalo/contract/provider';
import { firstOfNextMonth, firstOfThisMonth } from './month';
import { displayShare, sameShare, shareSummary } from './shares';

/** A share the contract takes: a percent with up to two decimals, 0–99.99 (`brandTermsRequest`). */
export const SHARE_TEXT = /^\d{1,2}(\.\d{1,2})?$/;
/** The longest note the server keeps. */
export const NOTE_MAX = 300;

/** The "add a version" form as typed: every field a string, a group left '' takes the default share. */
export interface TermsForm {
  startsOn: string;
  defaultShare: string;
  overrides: Partial<Record<ProductGroup, string>>;
  minimumFee: string;
  note: string;
}

export type TermsField = 'startsOn' | 'defaultShare' | `share.${ProductGroup}` | 'minimumFee' | 'note';
/** Each problem's text is `providerTerms.problem.<problem>`. */
export type TermsProblem = 'required' | 'day' | 'inPast' | 'startTaken' | 'share' | 'amount' | 'noteLong';

/**
 * A new version's form: from the 1st of next month, with the newest version's shares (its commonest
 * share as the default, the groups that differ as overrides) and minimum fee, so a change is an edit.
 */
export function newTermsForm(now: Date, newest?: BrandTerms): TermsForm {
  if (!newest)
    return { startsOn: firstOfNextMonth(now), defaultShare: '', overrides: {}, minimumFee: '', note: '' };
  const { common, others } = shareSummary(newest.shares);
  return {
    startsOn: firstOfNextMonth(now),
    defaultShare: common ?? '',
    overrides: Object.fromEntries(others.map((o) => [o.group, o.share])),
    minimumFee: newest.minimumFee,
    note: '',
  };
}

const isDay = (d: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(d) &&
  !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) &&
  new Date(`${d}T00:00:00Z`).toISOString().startsWith(d);

/**
 * The form's problems, field by field (none: it may be sent): a start day that is no day, before this
 * month (the server's `terms_in_past`: an invoiced month would change) or the start of a version already
 * kept (`terms_start_taken`); a share that is no percent; a minimum fee that is no amount; a note too long.
 */
export function termsProblems(
  form: TermsForm,
  now: Date,
  takenStarts: readonly string[],
): Partial<Record<TermsField, TermsProblem>> {
  const out: Partial<Record<TermsField, TermsProblem>> = {};
  const start = form.startsOn.trim();
  if (!start) out.startsOn = 'required';
  else if (!isDay(start)) out.startsOn = 'day';
  else if (start < firstOfThisMonth(now)) out.startsOn = 'inPast';
  else if (takenStarts.includes(start)) out.startsOn = 'startTaken';
  const share = form.defaultShare.trim();
  if (!share) out.defaultShare = 'required';
  else if (!SHARE_TEXT.test(share)) out.defaultShare = 'share';
  for (const g of PRODUCT_GROUPS) {
    const v = form.overrides[g]?.trim() ?? '';
    if (v && !SHARE_TEXT.test(v)) out[`share.${g}`] = 'share';
  }
  const fee = form.minimumFee.trim();
  if (!fee) out.minimumFee = 'required';
  else if (!AMOUNT_TEXT.test(fee)) out.minimumFee = 'amount';
  if (form.note.trim().length > NOTE_MAX) out.note = 'noteLong';
  return out;
}

/**
 * What `POST /provider/brands/:code/terms` is sent: the groups left empty, or typed as the default
 * share, take the default; a note left empty is not sent.
 */
export function termsRequest(form: TermsForm): BrandTermsRequest {
  const defaultShare = form.defaultShare.trim();
  const shares: Partial<Record<ProductGroup, string>> = {};
  for (const g of PRODUCT_GROUPS) {
    const v = form.overrides[g]?.trim() ?? '';
    if (v && !sameShare(v, defaultShare)) shares[g] = v;
  }
  const note = form.note.trim();
  return {
    startsOn: form.startsOn.trim(),
    defaultShare,
    shares,
    minimumFee: form.minimumFee.trim(),
    ...(note ? { note } : {}),
  };
}

/** Every group's share the form would give (its own, else the default), as people read it. */
export const effectiveShares = (form: TermsForm): Record<ProductGroup, string> =>
  Object.fromEntries(
    PRODUCT_GROUPS.map((g) => [g, displayShare(form.overrides[g]?.trim() || form.defaultShare.trim())]),
  ) as Record<ProductGroup, string>;

/**
 * The field a refusal of the form is about (shown under it), or null for one shown above the form: the
 * start day (`terms_start_taken`, `terms_in_past`), or the field a `validation_failed` names in its
 * `field` (`defaultShare`, `minimumFee`, `shares.<group>`).
 */
export function refusalProblem(
  code: string,
  value?: Record<string, unknown>,
): { field: TermsField; problem: TermsProblem } | null {
  switch (code) {
    case 'terms_start_taken':
      return { field: 'startsOn', problem: 'startTaken' };
    case 'terms_in_past':
      return { field: 'startsOn', problem: 'inPast' };
    case 'validation_failed': {
      const field = typeof value?.field === 'string' ? value.field : '';
      if (field === 'defaultShare') return { field, problem: 'share' };
      if (field === 'minimumFee') return { field, problem: 'amount' };
      const group = /^shares\.(\w+)$/.exec(field)?.[1];
      const known = PRODUCT_GROUPS.find((g) => g === group);
      return known ? { field: `share.${known}`, problem: 'share' } : null;
    }
    default:
      return null;
  }
}
