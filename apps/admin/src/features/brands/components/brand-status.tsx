import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BrandStatus, ProviderPermission } from '@panalo/contract/provider-rules';
import { DecisionModal } from '../../../components/decision-modal';
import { notice } from '../../../components/notice';
import { ApiError } from '../../../lib/provider-api';
import { moveBrand, type BrandDetail } from '../api/brands';
import { brandKeys } from '../api/keys';
import { allowedMoves, finalMove } from '../rules/status';
import { refusalText } from './refusal-text';
import { StatusBadge } from './status-badge';

/**
 * Why a brand may not be closed yet: players' money still held, deposit orders still pending (`count`),
 * or a ledger whose checks fail. Shown in the panel, where it stays once the question is closed.
 */
const CLOSE_REFUSALS = ['brand_balances_open', 'brand_deposits_open', 'brand_ledger_unclean'];

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
  const [blocked, setBlocked] = useState<string | null>(null);
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
        {blocked && (
          <Alert
            color="red"
            role="alert"
            title={t('brand.notClosed')}
            withCloseButton
            closeButtonLabel={t('common.close')}
            onClose={() => setBlocked(null)}
            data-testid="brand-close-refused"
          >
            {blocked}
          </Alert>
        )}
        {moves.length > 0 ? (
          <Group gap="xs">
            {moves.map((to) => (
              <Button
                key={to}
                size="sm"
                variant={finalMove(to) ? 'outline' : 'default'}
                color={finalMove(to) ? 'red' : undefined}
                onClick={() => {
                  setBlocked(null);
                  setMoving(to);
                }}
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
          const r = await moveBrand(brand.code, { status: moving, reason }, key).catch((err: unknown) => {
            // A close refused for what the brand still holds or owes: said in the panel, the question closed.
            if (!(err instanceof ApiError && CLOSE_REFUSALS.includes(err.code))) throw err;
            setBlocked(refusalText(err));
            return null;
          });
          if (!r) return;
          await queryClient.invalidateQueries({ queryKey: brandKeys.all });
          notice('green', t('brand.moved', { name: r.name, status: t(`brands.status.${r.status}`) }));
        }}
      />
    </Card>
  );
}
