import { SimpleGrid, Stack, TagsInput, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { normalDomain } from '../rules/launch-form';
import { fieldId, type StepProps } from './launch-fields';

/** Step 1: the brand's code (its id in addresses), its name, its main domain and any other domains. */
export function IdentityStep({ form, change, errors }: StepProps) {
  const { t } = useTranslation();
  return (
    <Stack>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          id={fieldId('code')}
          label={t('launch.code')}
          description={t('launch.codeHelp')}
          value={form.code}
          onChange={(e) => change({ code: e.currentTarget.value.toLowerCase() })}
          error={errors.code}
          maxLength={20}
          autoComplete="off"
          required
        />
        <TextInput
          id={fieldId('name')}
          label={t('launch.name')}
          description={t('launch.nameHelp')}
          value={form.name}
          onChange={(e) => change({ name: e.currentTarget.value })}
          error={errors.name}
          maxLength={40}
          autoComplete="off"
          required
        />
      </SimpleGrid>
      <TextInput
        id={fieldId('mainDomain')}
        label={t('launch.mainDomain')}
        description={t('launch.mainDomainHelp')}
        placeholder="play.example.ph"
        value={form.mainDomain}
        onChange={(e) => change({ mainDomain: e.currentTarget.value })}
        error={errors.mainDomain}
        autoComplete="off"
        required
      />
      <TagsInput
        id={fieldId('extraDomains')}
        label={t('launch.extraDomains')}
        description={t('launch.extraDomainsHelp')}
        value={form.extraDomains}
        onChange={(v) => change({ extraDomains: [...new Set(v.map(normalDomain).filter(Boolean))] })}
        error={errors.extraDomains}
        maxTags={10}
        splitChars={[',', ' ']}
        clearable
      />
    </Stack>
  );
}
