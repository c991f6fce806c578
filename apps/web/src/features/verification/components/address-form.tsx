import { useId, useState, type FormEvent } from 'react';
import type { KycStatus } from '@panalo/contract/kyc';
import { useTranslation } from '../../../i18n/react';
import { useDocumentSubmit } from '../hooks/use-document-submit';
import { addressProblem, type AddressDraft, type DraftProblem } from '../rules/document-draft';
import { FormFoot } from './form-foot';
import { PersonFields } from './person-fields';
import { PictureSlot } from './picture-slot';
import { problemText } from './texts';

const EMPTY: AddressDraft = { fullName: '', birthDate: '', pictures: {} };

/** Level 3's form: a picture of a proof of address, with the name and birth date it is checked against. */
export function AddressForm({
  status,
  today,
  onSent,
}: {
  status: Pick<KycStatus, 'minAge'>;
  today: string;
  onSent: () => void;
}) {
  const { t } = useTranslation();
  const base = useId();
  const ids = { fullName: `${base}-name`, birthDate: `${base}-birth`, document: `${base}-document` };
  const [draft, setDraft] = useState<AddressDraft>(EMPTY);
  const [problem, setProblem] = useState<DraftProblem | null>(null);
  const { submit, busy, failure, failureRef } = useDocumentSubmit(onSent);

  const change = (patch: Partial<AddressDraft>, field: DraftProblem['field']) => {
    setDraft((d) => ({ ...d, ...patch }));
    if (problem?.field === field) setProblem(null);
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const found = addressProblem(draft, { minAge: status.minAge, today });
    setProblem(found);
    if (found) {
      document.getElementById(ids[found.field as keyof typeof ids])?.focus();
      return;
    }
    await submit({
      kind: 'address',
      fullName: draft.fullName,
      birthDate: draft.birthDate,
      pictures: { document: draft.pictures.document },
    });
  };

  return (
    <form
      className="kyc-form"
      onSubmit={(e) => void onSubmit(e)}
      noValidate
      aria-busy={busy}
      aria-label={t('verification.address.formLabel')}
      data-testid="kyc-address-form"
    >
      <PersonFields
        ids={ids}
        value={draft}
        onChange={(patch) => change(patch, 'fullName' in patch ? 'fullName' : 'birthDate')}
        problem={problem}
        minAge={status.minAge}
        today={today}
        disabled={busy}
        testIds={{ fullName: 'kyc-address-full-name', birthDate: 'kyc-address-birth-date' }}
      />
      <PictureSlot
        id={ids.document}
        label={t('verification.address.document')}
        hint={t('verification.address.documentHint')}
        capture="environment"
        file={draft.pictures.document ?? null}
        onChange={(f) => change({ pictures: { document: f ?? undefined } }, 'document')}
        error={problem?.field === 'document' ? problemText(t, problem) : null}
        disabled={busy}
        testId="kyc-address-document"
      />
      <FormFoot
        failure={failure}
        failureRef={failureRef}
        busy={busy}
        submitText={t('verification.address.submit')}
        testIds={{
          submit: 'kyc-address-submit',
          failure: 'kyc-address-failure',
          progress: 'kyc-address-progress',
        }}
      />
    </form>
  );
}
