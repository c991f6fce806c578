import {
  Alert,
  Button,
  Fieldset,
  Group,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PRODUCT_GROUPS } from '@panalo/contract/rebate';
import { notice } from '../../../components/notice';
import { errorText } from '../../../i18n';
import { ApiError } from '../../../lib/provider-api';
import { providerBillingKeys } from '../api/keys';
import { addTerms, type BrandTerms } from '../api/provider-billing';
import {
  NOTE_MAX,
  newTermsForm,
  refusalProblem,
  termsProblems,
  termsRequest,
  type TermsField,
  type TermsForm,
  type TermsProblem,
} from '../rules/terms-form';

/** The id of a field's input: its label points at it, and a refused save moves the focus to it. */
const fieldId = (field: TermsField) => `terms-${field.replace('.', '-')}`;

/**
 * A new version of a brand's commercial terms (`billing`): its start day (the 1st of next month unless
 * changed), the default share, the groups' own shares, the minimum fee and a note. Checked before it is
 * sent (the first problem takes the focus); a start day the server refuses is shown under it, any other
 * refusal above the buttons.
 */
export function TermsFormPanel(props: {
  code: string;
  currency: string;
  versions: BrandTerms[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [form, setForm] = useState<TermsForm>(() => newTermsForm(new Date(), props.versions[0]));
  const [problems, setProblems] = useState<Partial<Record<TermsField, TermsProblem>>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [focus, setFocus] = useState<{ to: TermsField | 'refusal'; n: number } | null>(null);
  const refusalRef = useRef<HTMLDivElement>(null);

  // Opened by "Add a version": the focus starts on its first field.
  useEffect(() => {
    document.getElementById(fieldId('startsOn'))?.focus();
  }, []);
  useEffect(() => {
    if (!focus) return;
    if (focus.to === 'refusal') refusalRef.current?.focus();
    else document.getElementById(fieldId(focus.to))?.focus();
  }, [focus]);
  const focusOn = (to: TermsField | 'refusal') => setFocus((f) => ({ to, n: (f?.n ?? 0) + 1 }));

  const change = (patch: Partial<TermsForm>, fields: TermsField[]) => {
    setForm((f) => ({ ...f, ...patch }));
    // A field changed is no longer the one refused.
    setProblems((p) =>
      Object.fromEntries(Object.entries(p).filter(([k]) => !fields.includes(k as TermsField))),
    );
  };
  const error = (field: TermsField) => {
    const p = problems[field];
    return p ? t(`providerTerms.problem.${p}`) : undefined;
  };

  const submit = async () => {
    const found = termsProblems(
      form,
      new Date(),
      props.versions.map((v) => v.startsOn),
    );
    setProblems(found);
    setRefusal(null);
    const first = (Object.keys(found) as TermsField[])[0];
    if (first) return focusOn(first);
    setBusy(true);
    try {
      const answer = await addTerms(props.code, termsRequest(form));
      queryClient.setQueryData(providerBillingKeys.terms(props.code), answer);
      // This month's invoice and later ones may change with the new version.
      await queryClient.invalidateQueries({ queryKey: providerBillingKeys.all });
      notice('green', t('providerTerms.saved', { day: form.startsOn }));
      props.onClose();
    } catch (err) {
      const code = err instanceof ApiError ? err.code : 'unknown_error';
      const onField = refusalProblem(code, err instanceof ApiError ? err.value : undefined);
      if (onField) {
        setProblems({ [onField.field]: onField.problem });
        focusOn(onField.field);
      } else {
        setRefusal(errorText(code));
        focusOn('refusal');
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      noValidate
      aria-labelledby="terms-form-title"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <Stack gap="sm">
        <Title order={3} size="h5" id="terms-form-title">
          {t('providerTerms.addTitle')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput
            id={fieldId('startsOn')}
            type="date"
            label={t('providerTerms.startsOn')}
            description={t('providerTerms.startsOnHelp')}
            value={form.startsOn}
            onChange={(e) => change({ startsOn: e.currentTarget.value }, ['startsOn'])}
            error={error('startsOn')}
            required
          />
          <TextInput
            id={fieldId('defaultShare')}
            label={t('providerTerms.defaultShare')}
            description={t('providerTerms.defaultShareHelp')}
            inputMode="decimal"
            rightSection={
              <Text size="sm" aria-hidden>
                %
              </Text>
            }
            value={form.defaultShare}
            onChange={(e) => change({ defaultShare: e.currentTarget.value }, ['defaultShare'])}
            error={error('defaultShare')}
            required
          />
          <TextInput
            id={fieldId('minimumFee')}
            label={t('providerTerms.minimumFee', { currency: props.currency })}
            description={t('providerTerms.minimumFeeHelp')}
            inputMode="decimal"
            value={form.minimumFee}
            onChange={(e) => change({ minimumFee: e.currentTarget.value }, ['minimumFee'])}
            error={error('minimumFee')}
            required
          />
        </SimpleGrid>
        <Fieldset legend={t('providerTerms.overrides')} variant="filled">
          <Text size="xs" c="dimmed" mb="xs">
            {t('providerTerms.overridesHelp')}
          </Text>
          <SimpleGrid cols={{ base: 2, sm: 4 }}>
            {PRODUCT_GROUPS.map((g) => {
              const field: TermsField = `share.${g}`;
              return (
                <TextInput
                  key={g}
                  id={fieldId(field)}
                  label={t(`reports.product.${g}`)}
                  inputMode="decimal"
                  placeholder={form.defaultShare.trim() || undefined}
                  rightSection={
                    <Text size="sm" aria-hidden>
                      %
                    </Text>
                  }
                  value={form.overrides[g] ?? ''}
                  onChange={(e) =>
                    change({ overrides: { ...form.overrides, [g]: e.currentTarget.value } }, [field])
                  }
                  error={error(field)}
                />
              );
            })}
          </SimpleGrid>
        </Fieldset>
        <Textarea
          id={fieldId('note')}
          label={t('providerTerms.note')}
          description={t('providerTerms.noteHelp', { max: NOTE_MAX })}
          autosize
          minRows={2}
          value={form.note}
          onChange={(e) => change({ note: e.currentTarget.value }, ['note'])}
          error={error('note')}
        />
        {refusal && (
          <Alert color="red" role="alert" ref={refusalRef} tabIndex={-1}>
            {refusal}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={busy}>
            {t('providerTerms.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
