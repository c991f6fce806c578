import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { StaffMe } from '@panalo/contract/staff';
import { ListError, ListLoading } from '../../../components/list-states';
import { useKycSettings } from '../api/settings';
import { KycSettingsForm } from '../components/settings-form';

/**
 * Compliance → Verification settings (`compliance/kyc-settings`, `kyc` to read): what each verification
 * level allows and when a level is required. Saved with `site.control` only (the owner); the others
 * read them.
 */
export function KycSettingsScreen({ me }: { me: StaffMe }) {
  const { t } = useTranslation();
  const canSave = me.permissions.includes('site.control');
  const query = useKycSettings();

  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <Title order={1} size="h2">
          {t('nav.kycSettings')}
        </Title>
        <Anchor component={Link} to="/compliance/kyc" size="sm">
          {t('nav.kyc')}
        </Anchor>
      </Group>
      <Text size="sm" maw={760}>
        {t('kycSettings.intro')}
      </Text>
      {!canSave && (
        <Text size="sm" c="dimmed" data-testid="kyc-settings-read-only">
          {t('kycSettings.ownerOnly')}
        </Text>
      )}
      {query.error ? (
        <ListError
          error={query.error}
          onRetry={() => void query.refetch()}
          title={t('kycSettings.loadFailed')}
        />
      ) : !query.data ? (
        <ListLoading />
      ) : (
        <KycSettingsForm settings={query.data} canSave={canSave} />
      )}
    </Stack>
  );
}
