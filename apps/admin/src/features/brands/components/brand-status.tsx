import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BrandStatus, ProviderPermission } from '@panalo/contract/provider-rules';
import { DecisionModal } from '../../../components/decision-modal';
import { notice } from '../../../components/notice';
import { moveBrand, type BrandDetail } from '../api/brands';
import { brandKeys } from '../api/keys';
import { allowedMoves, finalMove } from '../rules/status';
import { StatusBadge } from './status-badge';

/**
 * A brand's status, what it means for players and staff, and the moves this role may make from it
 * (`allowedMoves`: the contract's table, less the moves whose permission the role lacks). Each move asks
 * for a reason and says what it does before it is made.
 */
export function BrandStatusPanel({
  brand,
  permissions,
}: {
  brand: BrandDetail;
  permissions: readonly ProviderPermission[];
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [moving, setMoving] = useState<BrandStatus | null>(null);
  const moves = allowedMoves(brand.status, permissions);
  return (
    <Card withBorder>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('brand.statusTitle')}
        </Title>
        <Group gap="xs">
          <StatusBadge status={brand.status} />
          <Text size="sm">{t(`brand.meaning.${brand.status}`)}</Text>
        </Group>
        {moves.length > 0 ? (
          <Group gap="xs">
            {moves.map((to) => (
              <Button
                key={to}
                size="sm"
                variant={finalMove(to) ? 'outline' : 'default'}
                color={finalMove(to) ? 'red' : undefined}
                onClick={() => setMoving(to)}
              >
                {t(`brand.move.${to}`)}
              </Button>
            ))}
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            {brand.status === 'closed' ? t('brand.noMovesClosed') : t('brand.noMoves')}
          </Text>
        )}
      </Stack>
      <DecisionModal
        opened={moving !== null}
        title={moving ? t('brand.moveTitle', { name: brand.name, status: t(`brands.status.${moving}`) }) : ''}
        summary={moving ? <Text size="sm">{t(`brand.moveMeans.${moving}`)}</Text> : null}
        confirmLabel={moving ? t(`brand.move.${moving}`) : ''}
        danger={moving !== null && finalMove(moving)}
        reasonRequired
        reasonHelp={t('brand.reasonHelp')}
        onClose={() => setMoving(null)}
        onConfirm={async ({ reason, key }) => {
          if (!moving) return;
          const r = await moveBrand(brand.code, { status: moving, reason }, key);
          await queryClient.invalidateQueries({ queryKey: brandKeys.all });
          notice('green', t('brand.moved', { name: r.name, status: t(`brands.status.${r.status}`) }));
        }}
      />
    </Card>
  );
}
