import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DecisionModal } from '../../../components/decision-modal';
import { newOwnerLink, type BrandDetail, type OwnerLink } from '../api/brands';
import { brandKeys } from '../api/keys';
import { OwnerLinkCard } from './owner-link';

/**
 * The brand's owners: who has set a password, and for one who has not, a new one-time set-up link
 * (`brands.launch`), shown once here.
 */
export function BrandOwners({ brand, canLaunch }: { brand: BrandDetail; canLaunch: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState<string | null>(null);
  const [link, setLink] = useState<OwnerLink | null>(null);
  return (
    <Card withBorder>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('brand.ownersTitle')}
        </Title>
        {brand.owners.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('brand.noOwners')}
          </Text>
        )}
        {brand.owners.map((o) => (
          <Group key={o.username} justify="space-between">
            <Group gap="xs">
              <Text size="sm" fw={500}>
                {o.username}
              </Text>
              <Badge variant="light" color={o.setupPending ? 'yellow' : 'green'}>
                {o.setupPending ? t('brand.setupPending') : t('brand.setupDone')}
              </Badge>
            </Group>
            {o.setupPending && canLaunch && (
              <Button size="xs" variant="default" onClick={() => setAsking(o.username)}>
                {t('brand.newLink')}
              </Button>
            )}
          </Group>
        ))}
        {link && <OwnerLinkCard link={link} />}
      </Stack>
      <DecisionModal
        opened={asking !== null}
        title={t('brand.newLinkTitle', { username: asking ?? '' })}
        summary={<Text size="sm">{t('brand.newLinkSummary')}</Text>}
        confirmLabel={t('brand.newLink')}
        reason={false}
        onClose={() => setAsking(null)}
        onConfirm={async () => {
          setLink(await newOwnerLink(brand.code));
          await queryClient.invalidateQueries({ queryKey: brandKeys.detail(brand.code) });
        }}
      />
    </Card>
  );
}
