import {
  KYC_IMAGE_SLOTS,
  KYC_ONE_SIDED,
  type KycIdType,
  type KycImageSlot,
} from '@panalo/contract/kyc-rules';

// A document's form before anything is sent: the first problem, at its field, in the order the form
// shows them. The server checks all of it again (kycDocumentFields, the images by their bytes).

/** The pictures an identity document asks for: front, back (unless the ID has one side) and a selfie. */
export function identitySlots(idType: KycIdType | ''): KycImageSlot[] {
  const oneSided = idType !== '' && KYC_ONE_SIDED.includes(idType);
  return KYC_IMAGE_SLOTS.identity.filter((slot) => slot !== 'back' || !oneSided);
}

/** Whole years from `birth` to `today` (both YYYY-MM-DD), as the server counts them. */
export function ageOn(birth: string, today: string): number {
  const [by, bm, bd] = birth.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}

const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

export interface PersonDraft {
  fullName: string;
  birthDate: string;
}
export interface IdentityDraft extends PersonDraft {
  idType: KycIdType | '';
  pictures: Partial<Record<KycImageSlot, File>>;
}
export interface AddressDraft extends PersonDraft {
  pictures: Partial<Record<KycImageSlot, File>>;
}

export type DraftField = 'idType' | 'fullName' | 'birthDate' | KycImageSlot;
export type DraftProblem =
  | { field: 'idType'; reason: 'required' }
  | { field: 'fullName'; reason: 'required' | 'short' | 'long' }
  | { field: 'birthDate'; reason: 'required' | 'future' | 'underAge'; minAge: number }
  | { field: KycImageSlot; reason: 'missing' };

/** The name's bounds (kycDocumentFields: 2 to 100 characters once trimmed). */
export const NAME_BOUNDS = { min: 2, max: 100 } as const;

function personProblem(d: PersonDraft, o: { minAge: number; today: string }): DraftProblem | null {
  const name = d.fullName.trim();
  if (name === '') return { field: 'fullName', reason: 'required' };
  if (name.length < NAME_BOUNDS.min) return { field: 'fullName', reason: 'short' };
  if (name.length > NAME_BOUNDS.max) return { field: 'fullName', reason: 'long' };
  const minAge = o.minAge;
  if (!CALENDAR_DAY.test(d.birthDate)) return { field: 'birthDate', reason: 'required', minAge };
  if (d.birthDate > o.today) return { field: 'birthDate', reason: 'future', minAge };
  if (ageOn(d.birthDate, o.today) < minAge) return { field: 'birthDate', reason: 'underAge', minAge };
  return null;
}

const missing = (slots: KycImageSlot[], pictures: IdentityDraft['pictures']): DraftProblem | null => {
  const slot = slots.find((s) => !pictures[s]);
  return slot ? { field: slot, reason: 'missing' } : null;
};

/** The identity form's first problem: ID type, name, birth date, then each picture asked for. */
export function identityProblem(d: IdentityDraft, o: { minAge: number; today: string }): DraftProblem | null {
  if (d.idType === '') return { field: 'idType', reason: 'required' };
  return personProblem(d, o) ?? missing(identitySlots(d.idType), d.pictures);
}

/** The proof-of-address form's first problem: name, birth date, the document's picture. */
export function addressProblem(d: AddressDraft, o: { minAge: number; today: string }): DraftProblem | null {
  return personProblem(d, o) ?? missing([...KYC_IMAGE_SLOTS.address], d.pictures);
}
