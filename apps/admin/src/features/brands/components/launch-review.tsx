import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DEFAULT_REGISTRATION_CHOICES, LAUNCH_REGISTRATION_FIELDS } from '@panalo/contract/provider-rules';
import { LAUNCH_STEPS, type LaunchForm, type LaunchStep } from '../rules/launch-form';
import { countryNames } from '../rules/market';
import { effectiveModules, MODULE_FLAGS } from '../rules/modules';
import { Facts, ThemeSwatches } from './facts';
import type { CatalogueState, TemplateState } from './launch-fields';
import { ReviewCashier, ReviewGames } from './launch-review-choices';

/** The last step: everything the brand will be launched with, each part with a way back to its step. */
export function ReviewStep({
  form,
  template,
  catalogue,
  onEdit,
}: {
  form: LaunchForm;
  template: TemplateState | null;
  catalogue: CatalogueState;
  onEdit: (step: number) => void;
}) {
  const { t, i18n } = useTranslation();
  const yesNo = (b: boolean) => (b ? t('launch.yes') : t('launch.no'));
  const modules = effectiveModules(form.modules, template?.detail ?? null);
  const on = MODULE_FLAGS.filter((f) => modules[f]);
  const part = (step: LaunchStep, body: React.ReactNode) => (
    <Stack gap="xs" key={step}>
      <Group justify="space-between">
        <Title order={3} size="h5">
          {t(`launch.steps.${step}`)}
        </Title>
        <Anchor component="button" type="button" size="sm" onClick={() => onEdit(LAUNCH_STEPS.indexOf(step))}>
          {t('launch.edit', { step: t(`launch.steps.${step}`) })}
        </Anchor>
      </Group>
      {body}
    </Stack>
  );
  return (
    <Stack gap="lg" data-testid="launch-review">
      {part(
        'identity',
        <Facts
          rows={[
            { label: t('launch.code'), value: form.code.trim().toLowerCase() },
            { label: t('launch.name'), value: form.name.trim() },
            { label: t('launch.mainDomain'), value: form.mainDomain.trim().toLowerCase() },
            { label: t('launch.extraDomains'), value: form.extraDomains.join(', ') || '—' },
          ]}
        />,
      )}
      {part(
        'market',
        <Facts
          rows={[
            { label: t('launch.currency'), value: form.currency },
            { label: t('launch.timeZone'), value: form.timeZone },
            {
              label: t('launch.languages'),
              value: form.languages.map((l) => t(`launch.languageName.${l}`)).join(', '),
            },
            {
              label: t('launch.defaultLanguage'),
              value: form.defaultLanguage ? t(`launch.languageName.${form.defaultLanguage}`) : '—',
            },
            { label: t('launch.minAge'), value: t('launch.age', { age: form.minAge }) },
            { label: t('launch.birthDateRequired'), value: yesNo(form.birthDateRequired) },
            {
              label: t('launch.registration'),
              value: LAUNCH_REGISTRATION_FIELDS.map(
                (f) =>
                  `${t(`launch.registrationField.${f}`)}: ${t(
                    `launch.registrationChoice.${
                      form.registration[f] ??
                      template?.detail?.registration[f] ??
                      DEFAULT_REGISTRATION_CHOICES[f]
                    }`,
                  )}`,
              ).join(' · '),
            },
            {
              label: t('launch.restrictedCountries'),
              value: countryNames(form.restrictedCountries, i18n.language),
            },
          ]}
        />,
      )}
      {part('look', <ThemeSwatches theme={form.theme} />)}
      {part(
        'modules',
        <Facts
          rows={[
            {
              label: t('launch.modulesOn', { count: on.length, total: MODULE_FLAGS.length }),
              value: on.map((f) => t(`site.flags.${f}`)).join(', ') || t('launch.none'),
            },
          ]}
        />,
      )}
      {part('games', <ReviewGames form={form} template={template} catalogue={catalogue.data} />)}
      {part('cashier', <ReviewCashier form={form} template={template} catalogue={catalogue.data} />)}
      {part(
        'owner',
        <Facts
          rows={[
            { label: t('launch.template'), value: form.templateCode || t('launch.noTemplate') },
            { label: t('launch.ownerUsername'), value: form.ownerUsername.trim() },
            { label: t('launch.ownerEmail'), value: form.ownerEmail.trim() || '—' },
          ]}
        />,
      )}
      <Text size="sm">{t('launch.reviewNote')}</Text>
    </Stack>
  );
}
