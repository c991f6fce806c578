import { Fieldset, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { BrandSummary } from '../api/brands';
import { fieldId, type StepProps } from './launch-fields';

/**
 * Step 5: the brand to copy settings from (cashier, games, lottery, registration form and the modules
 * not changed in step 4), and the first owner: a staff account of the new brand who gets a one-time
 * link to set a password, then adds an authenticator at the first sign-in.
 */
export function OwnerStep({
  form,
  change,
  errors,
  brands,
}: StepProps & { brands: BrandSummary[] | undefined }) {
  const { t } = useTranslation();
  return (
    <Stack>
      <Fieldset legend={t('launch.templateTitle')}>
        <Select
          id={fieldId('templateCode')}
          label={t('launch.template')}
          description={t('launch.templateHelp')}
          placeholder={t('launch.noTemplate')}
          data={(brands ?? []).map((b) => ({ value: b.code, label: `${b.name} (${b.code})` }))}
          value={form.templateCode || null}
          onChange={(v) => change({ templateCode: v ?? '' })}
          searchable
          clearable
          error={errors.templateCode}
          nothingFoundMessage={t('launch.nothingFound')}
        />
      </Fieldset>
      <Fieldset legend={t('launch.ownerTitle')}>
        <Stack>
          <Text size="sm">{t('launch.ownerHelp')}</Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              id={fieldId('ownerUsername')}
              label={t('launch.ownerUsername')}
              description={t('launch.ownerUsernameHelp')}
              value={form.ownerUsername}
              onChange={(e) => change({ ownerUsername: e.currentTarget.value.toLowerCase() })}
              error={errors.ownerUsername}
              maxLength={32}
              autoComplete="off"
              required
            />
            <TextInput
              id={fieldId('ownerEmail')}
              type="email"
              label={t('launch.ownerEmail')}
              description={t('launch.ownerEmailHelp')}
              value={form.ownerEmail}
              onChange={(e) => change({ ownerEmail: e.currentTarget.value })}
              error={errors.ownerEmail}
              maxLength={120}
              autoComplete="off"
            />
          </SimpleGrid>
        </Stack>
      </Fieldset>
    </Stack>
  );
}
