import { Card, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LAUNCH_REGISTRATION_FIELDS } from '@panalo/contract/provider-rules';
import { formatTime } from '../../../lib/format';
import type { BrandDetail } from '../api/brands';
import { countryNames } from '../rules/market';
import { MODULE_FLAGS } from '../rules/modules';
import { Facts, ThemeSwatches } from './facts';

/** A brand's settings, read-only: its market, domains, colours, modules and lottery games. */
export function BrandSettings({ brand }: { brand: BrandDetail }) {
  const { t, i18n } = useTranslation();
  const language = (l: string) => t(`launch.languageName.${l}`, { defaultValue: l });
  const on = MODULE_FLAGS.filter((f) => brand.modules[f] === true);
  return (
    <Card withBorder>
      <Stack gap="md">
        <Title order={2} size="h4">
          {t('brand.settingsTitle')}
        </Title>
        <Facts
          rows={[
            { label: t('launch.mainDomain'), value: brand.mainDomain },
            {
              label: t('launch.extraDomains'),
              value: brand.domains.filter((d) => d !== brand.mainDomain).join(', ') || '—',
            },
            { label: t('launch.currency'), value: brand.currency },
            { label: t('launch.timeZone'), value: brand.timeZone },
            { label: t('launch.languages'), value: brand.languages.map(language).join(', ') },
            { label: t('launch.defaultLanguage'), value: language(brand.defaultLanguage) },
            { label: t('launch.minAge'), value: t('launch.age', { age: brand.minAge }) },
            {
              label: t('launch.birthDateRequired'),
              value: brand.birthDateRequired ? t('launch.yes') : t('launch.no'),
            },
            {
              label: t('launch.registration'),
              value: LAUNCH_REGISTRATION_FIELDS.map(
                (f) =>
                  `${t(`launch.registrationField.${f}`)}: ${t(`launch.registrationChoice.${brand.registration[f]}`)}`,
              ).join(' · '),
            },
            {
              label: t('launch.restrictedCountries'),
              value: countryNames(brand.restrictedCountries, i18n.language),
            },
            { label: t('brands.created'), value: formatTime(brand.createdAt, i18n.language) },
            {
              label: t('brand.statusChangedAt'),
              value: brand.statusChangedAt ? formatTime(brand.statusChangedAt, i18n.language) : '—',
            },
            { label: t('brands.players'), value: String(brand.players) },
          ]}
        />
        <Title order={3} size="h5">
          {t('launch.steps.look')}
        </Title>
        <ThemeSwatches theme={brand.theme} />
        <Title order={3} size="h5">
          {t('launch.steps.modules')}
        </Title>
        <Facts
          rows={[
            {
              label: t('launch.modulesOn', { count: on.length, total: MODULE_FLAGS.length }),
              value: on.map((f) => t(`site.flags.${f}`)).join(', ') || t('launch.none'),
            },
            { label: t('launch.lottery'), value: brand.lotteryGames.join(', ') || t('launch.none') },
          ]}
        />
      </Stack>
    </Card>
  );
}
