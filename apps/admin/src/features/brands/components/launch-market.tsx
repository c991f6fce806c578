import { Fieldset, Group, MultiSelect, Radio, Select, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import {
  DEFAULT_REGISTRATION_CHOICES,
  LAUNCH_REGISTRATION_FIELDS,
  REGISTRATION_CHOICES,
} from '@panalo/contract/provider-rules';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { BRAND_CURRENCIES, BRAND_LANGUAGES } from '@panalo/contract/provider-rules';
import { countryOptions, timeZoneGroups } from '../rules/market';
import { fieldId, type StepProps } from './launch-fields';

/**
 * Step 2: the market: the books' currency, the brand's time zone (its days and reports), the languages
 * offered and the first one, the players' minimum age and whether a date of birth is asked, and the
 * countries whose players are refused.
 */
export function MarketStep({ form, change, errors }: StepProps) {
  const { t, i18n } = useTranslation();
  const countries = useMemo(() => countryOptions(i18n.language), [i18n.language]);
  const zones = useMemo(
    () => timeZoneGroups().map((g) => ({ group: t(`launch.zoneGroup.${g.group}`), items: g.items })),
    [t],
  );
  const languageData = BRAND_LANGUAGES.map((l) => ({ value: l, label: t(`launch.languageName.${l}`) }));
  return (
    <Stack>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          id={fieldId('currency')}
          label={t('launch.currency')}
          data={[...BRAND_CURRENCIES]}
          value={form.currency}
          onChange={(v) => v && change({ currency: v })}
          allowDeselect={false}
          error={errors.currency}
        />
        <Select
          id={fieldId('timeZone')}
          label={t('launch.timeZone')}
          description={t('launch.timeZoneHelp')}
          data={zones}
          value={form.timeZone}
          onChange={(v) => v && change({ timeZone: v })}
          searchable
          allowDeselect={false}
          error={errors.timeZone}
          nothingFoundMessage={t('launch.nothingFound')}
        />
        <MultiSelect
          id={fieldId('languages')}
          label={t('launch.languages')}
          data={languageData}
          value={form.languages}
          onChange={(v) => {
            const languages = v;
            const keep = form.defaultLanguage && languages.includes(form.defaultLanguage);
            change({ languages, defaultLanguage: keep ? form.defaultLanguage : (languages[0] ?? null) });
          }}
          error={errors.languages}
          required
        />
        <Select
          id={fieldId('defaultLanguage')}
          label={t('launch.defaultLanguage')}
          description={t('launch.defaultLanguageHelp')}
          data={languageData.filter((l) => form.languages.includes(l.value))}
          value={form.defaultLanguage}
          onChange={(v) => change({ defaultLanguage: v })}
          allowDeselect={false}
          error={errors.defaultLanguage}
          required
        />
      </SimpleGrid>
      <Radio.Group
        label={t('launch.minAge')}
        value={String(form.minAge)}
        onChange={(v) => change({ minAge: v === '21' ? 21 : 18 })}
        error={errors.minAge}
      >
        <Group mt="xs">
          <Radio id={fieldId('minAge')} value="18" label={t('launch.age', { age: 18 })} />
          <Radio value="21" label={t('launch.age', { age: 21 })} />
        </Group>
      </Radio.Group>
      <Switch
        label={t('launch.birthDateRequired')}
        description={t('launch.birthDateRequiredHelp')}
        checked={form.birthDateRequired}
        onChange={(e) => change({ birthDateRequired: e.currentTarget.checked })}
      />
      <Fieldset legend={t('launch.registration')} id={fieldId('registration')} tabIndex={-1}>
        <Text size="sm" c="dimmed" mb="xs">
          {t('launch.registrationHelp')}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {LAUNCH_REGISTRATION_FIELDS.map((f) => (
            <Radio.Group
              key={f}
              label={t(`launch.registrationField.${f}`)}
              value={form.registration[f] ?? DEFAULT_REGISTRATION_CHOICES[f]}
              onChange={(v) => change({ registration: { ...form.registration, [f]: v } })}
            >
              <Group mt={4} gap="md">
                {REGISTRATION_CHOICES.map((c) => (
                  <Radio key={c} value={c} label={t(`launch.registrationChoice.${c}`)} />
                ))}
              </Group>
            </Radio.Group>
          ))}
        </SimpleGrid>
      </Fieldset>
      <MultiSelect
        id={fieldId('restrictedCountries')}
        label={t('launch.restrictedCountries')}
        description={t('launch.restrictedCountriesHelp')}
        data={countries}
        value={form.restrictedCountries}
        onChange={(v) => change({ restrictedCountries: v })}
        searchable
        clearable
        error={errors.restrictedCountries}
        nothingFoundMessage={t('launch.nothingFound')}
      />
    </Stack>
  );
}
