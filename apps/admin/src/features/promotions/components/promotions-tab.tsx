import { Badge, Button, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DecisionModal } from '../../../components/decision-modal';
import { PagedTable, type Column } from '../../../components/list-states';
import { notice } from '../../../components/notice';
import { displayAmount } from '@panalo/contract/money';
import { formatTime } from '../../../lib/format';
import { promotionsKeys } from '../api/keys';
import { grantPromotion, listPromotions, type OpsPromotion } from '../api/promotions';

/** The merchant's promotions with their budgets, and a grant of one to named members. */
export function PromotionsTab() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: promotionsKeys.list(),
    queryFn: listPromotions,
  });
  const [granting, setGranting] = useState<OpsPromotion | null>(null);
  const [usernames, setUsernames] = useState('');
  const [amount, setAmount] = useState('');
  const columns: Column<OpsPromotion>[] = [
    {
      key: 'code',
      title: t('promotions.code'),
      render: (p) => (
        <Text ff="monospace" size="sm">
          {p.code}
        </Text>
      ),
    },
    { key: 'title', title: t('promotions.title'), render: (p) => p.title },
    { key: 'kind', title: t('promotions.kind'), render: (p) => p.kind },
    {
      key: 'on',
      title: t('promotions.state'),
      render: (p) => (
        <Badge variant="dot" color={p.enabled ? 'green' : 'gray'}>
          {p.enabled ? t('promotions.on') : t('promotions.off')}
        </Badge>
      ),
    },
    {
      key: 'budget',
      title: t('promotions.budgetUsed'),
      align: 'right',
      render: (p) =>
        p.budget === null
          ? displayAmount(p.granted)
          : `${displayAmount(p.granted)} / ${displayAmount(p.budget)}`,
    },
    {
      key: 'window',
      title: t('promotions.window'),
      render: (p) =>
        `${formatTime(p.startsAt, i18n.language)} – ${p.endsAt ? formatTime(p.endsAt, i18n.language) : '…'}`,
    },
    {
      key: 'grant',
      title: t('common.actions'),
      render: (p) => (
        <Group gap="xs" wrap="nowrap">
          <Button
            size="xs"
            variant="default"
            component={Link}
            to={`/promotions/${p.id}`}
            aria-label={t('promotions.editOf', { code: p.code })}
          >
            {t('promotions.edit')}
          </Button>
          <Button
            size="xs"
            variant="light"
            onClick={() => setGranting(p)}
            aria-label={t('promotions.grantOf', { code: p.code })}
          >
            {t('promotions.grant')}
          </Button>
        </Group>
      ),
    },
  ];
  return (
    <>
      <Group justify="flex-end">
        <Button component={Link} to="/promotions/new">
          {t('promotions.new')}
        </Button>
      </Group>
      <PagedTable
        caption={t('promotions.caption', { count: query.data?.length ?? 0 })}
        columns={columns}
        rows={query.data}
        rowKey={(p) => p.id}
        loading={query.isFetching}
        error={query.error}
        onRetry={() => void query.refetch()}
        empty={t('promotions.empty')}
        page={1}
        totalPages={1}
        onPage={() => undefined}
      />
      <DecisionModal
        opened={granting !== null}
        title={t('promotions.grantTitle', { code: granting?.code ?? '' })}
        summary={
          <Stack>
            <Text size="sm">{t('promotions.grantHelp')}</Text>
            <Textarea
              label={t('promotions.usernames')}
              value={usernames}
              onChange={(e) => setUsernames(e.currentTarget.value)}
              autosize
              minRows={2}
            />
            <TextInput
              label={t('promotions.amountOptional')}
              value={amount}
              onChange={(e) => setAmount(e.currentTarget.value)}
              inputMode="decimal"
            />
          </Stack>
        }
        confirmLabel={t('promotions.grant')}
        reason={false}
        onClose={() => {
          setGranting(null);
          setUsernames('');
          setAmount('');
        }}
        onConfirm={async () => {
          const names = [...new Set(usernames.split(/[\s,;]+/).filter(Boolean))];
          const r = await grantPromotion(granting!.id, {
            usernames: names,
            ...(amount.trim() ? { amount: amount.trim() } : {}),
          });
          notice(
            r.unknown.length > 0 || r.already.length > 0 ? 'gray' : 'green',
            t('promotions.granted', {
              count: r.granted,
              already: r.already.length,
              unknown: r.unknown.join(', ') || '—',
            }),
          );
          await queryClient.invalidateQueries({ queryKey: promotionsKeys.list() });
        }}
      />
    </>
  );
}
