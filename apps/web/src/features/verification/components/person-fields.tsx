import { useTranslation } from '../../../i18n/react';
import { NAME_BOUNDS, type DraftProblem, type PersonDraft } from '../rules/document-draft';
import { describedBy, Field } from './field';
import { problemText } from './texts';

/**
 * The name and birth date a document is checked against: the name as on the ID and as the payee name
 * of the member's bank account, the birth date at least the merchant's minimum age ago.
 */
export function PersonFields({
  ids,
  value,
  onChange,
  problem,
  minAge,
  today,
  disabled,
  testIds,
}: {
  ids: { fullName: string; birthDate: string };
  value: PersonDraft;
  onChange: (patch: Partial<PersonDraft>) => void;
  problem: DraftProblem | null;
  minAge: number;
  today: string;
  disabled: boolean;
  testIds: { fullName: string; birthDate: string };
}) {
  const { t } = useTranslation();
  const nameError = problem?.field === 'fullName' ? problemText(t, problem) : null;
  const dateError = problem?.field === 'birthDate' ? problemText(t, problem) : null;
  return (
    <>
      <Field
        id={ids.fullName}
        label={t('verification.person.fullName')}
        hint={t('verification.person.fullNameHint')}
        error={nameError}
      >
        <input
          id={ids.fullName}
          className="ui-input"
          type="text"
          autoComplete="name"
          maxLength={NAME_BOUNDS.max}
          value={value.fullName}
          onChange={(e) => onChange({ fullName: e.target.value })}
          disabled={disabled}
          aria-invalid={nameError !== null}
          aria-describedby={describedBy(ids.fullName, true, nameError !== null)}
          data-testid={testIds.fullName}
        />
      </Field>
      <Field
        id={ids.birthDate}
        label={t('verification.person.birthDate')}
        hint={t('verification.person.birthDateHint', { minAge })}
        error={dateError}
      >
        <input
          id={ids.birthDate}
          className="ui-input"
          type="date"
          autoComplete="bday"
          max={today}
          value={value.birthDate}
          onChange={(e) => onChange({ birthDate: e.target.value })}
          disabled={disabled}
          aria-invalid={dateError !== null}
          aria-describedby={describedBy(ids.birthDate, true, dateError !== null)}
          data-testid={testIds.birthDate}
        />
      </Field>
    </>
  );
}
