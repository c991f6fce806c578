import { useId, useState, type FormEvent } from 'react';
import type { KycStatus } from '@panalo/contract/kyc';
import { KYC_ID_TYPES, type KycIdType, type KycImageSlot } from '@panalo/contract/kyc-rules';
import { useTranslation } from '../../../i18n/react';
import { useDocumentSubmit } from '../hooks/use-document-submit';
import {
  identityProblem,
  identitySlots,
  type DraftProblem,
  type IdentityDraft,
} from '../rules/document-draft';
import { describedBy, Field } from './field';
import { FormFoot } from './form-foot';
import { PersonFields } from './person-fields';
import { PictureSlot } from './picture-slot';
import { idTypeName, problemText } from './texts';

const EMPTY: IdentityDraft = { idType: '', fullName: '', birthDate: '', pictures: {} };

/**
 * Level 2's form: the type of ID (the merchant's accepted ones), the name and birth date, and the
 * pictures: the front, the back (not for a one-sided ID such as a passport) and a selfie.
 */
export function IdentityForm({
  status,
  today,
  onSent,
}: {
  status: Pick<KycStatus, 'idTypes' | 'minAge'>;
  today: string;
  onSent: () => void;
}) {
  const { t } = useTranslation();
  const base = useId();
  const ids = {
    idType: `${base}-id-type`,
    fullName: `${base}-name`,
    birthDate: `${base}-birth`,
    front: `${base}-front`,
    back: `${base}-back`,
    selfie: `${base}-selfie`,
  };
  const [draft, setDraft] = useState<IdentityDraft>(EMPTY);
  const [problem, setProblem] = useState<DraftProblem | null>(null);
  const { submit, busy, failure, failureRef } = useDocumentSubmit(onSent);
  // The merchant's list in the contract's order.
  const accepted = KYC_ID_TYPES.filter((x) => status.idTypes.includes(x));
  const slots = identitySlots(draft.idType);

  const change = (patch: Partial<IdentityDraft>, field: DraftProblem['field']) => {
    setDraft((d) => ({ ...d, ...patch }));
    if (problem?.field === field) setProblem(null);
  };
  const setPicture = (slot: KycImageSlot, file: File | null) =>
    change({ pictures: { ...draft.pictures, [slot]: file ?? undefined } }, slot);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const found = identityProblem(draft, { minAge: status.minAge, today });
    setProblem(found);
    if (found) {
      document.getElementById(ids[found.field as keyof typeof ids])?.focus();
      return;
    }
    if (draft.idType === '') return;
    // Only the pictures this ID asks for (a back chosen before switching to a passport stays home).
    const pictures = Object.fromEntries(slots.map((s) => [s, draft.pictures[s]]));
    await submit({
      kind: 'identity',
      idType: draft.idType,
      fullName: draft.fullName,
      birthDate: draft.birthDate,
      pictures,
    });
  };

  const idTypeError = problem?.field === 'idType' ? problemText(t, problem) : null;
  const pictureError = (slot: KycImageSlot) => (problem?.field === slot ? problemText(t, problem) : null);

  return (
    <form
      className="kyc-form"
      onSubmit={(e) => void onSubmit(e)}
      noValidate
      aria-busy={busy}
      aria-label={t('verification.identity.formLabel')}
      data-testid="kyc-identity-form"
    >
      <Field id={ids.idType} label={t('verification.identity.idType')} error={idTypeError}>
        <select
          id={ids.idType}
          className="ui-input"
          value={draft.idType}
          onChange={(e) => change({ idType: e.target.value as KycIdType | '' }, 'idType')}
          disabled={busy}
          aria-invalid={idTypeError !== null}
          aria-describedby={describedBy(ids.idType, false, idTypeError !== null)}
          data-testid="kyc-id-type"
        >
          <option value="">{t('verification.identity.choose')}</option>
          {accepted.map((x) => (
            <option key={x} value={x}>
              {idTypeName(t, x)}
            </option>
          ))}
        </select>
      </Field>
      <PersonFields
        ids={ids}
        value={draft}
        onChange={(patch) => change(patch, 'fullName' in patch ? 'fullName' : 'birthDate')}
        problem={problem}
        minAge={status.minAge}
        today={today}
        disabled={busy}
        testIds={{ fullName: 'kyc-full-name', birthDate: 'kyc-birth-date' }}
      />
      <PictureSlot
        id={ids.front}
        label={t('verification.identity.front')}
        capture="environment"
        file={draft.pictures.front ?? null}
        onChange={(f) => setPicture('front', f)}
        error={pictureError('front')}
        disabled={busy}
        testId="kyc-front"
      />
      {slots.includes('back') && (
        <PictureSlot
          id={ids.back}
          label={t('verification.identity.back')}
          capture="environment"
          file={draft.pictures.back ?? null}
          onChange={(f) => setPicture('back', f)}
          error={pictureError('back')}
          disabled={busy}
          testId="kyc-back"
        />
      )}
      <PictureSlot
        id={ids.selfie}
        label={t('verification.identity.selfie')}
        hint={t('verification.identity.selfieHint')}
        capture="user"
        file={draft.pictures.selfie ?? null}
        onChange={(f) => setPicture('selfie', f)}
        error={pictureError('selfie')}
        disabled={busy}
        testId="kyc-selfie"
      />
      <FormFoot
        failure={failure}
        failureRef={failureRef}
        busy={busy}
        submitText={t('verification.identity.submit')}
        testIds={{ submit: 'kyc-submit', failure: 'kyc-identity-failure', progress: 'kyc-identity-progress' }}
      />
    </form>
  );
}
