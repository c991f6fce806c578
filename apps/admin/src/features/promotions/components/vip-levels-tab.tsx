import { Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PagedTable, type Column } from '../../../components/list-states';
import { displayAmount } from '@panalo/contract/money';
import { promotionsKeys } from '../api/keys';
import { getVipLevels, type VipLevel } from '../api/promotions';
import { vipNameFor } from '../rules/vip-names';
import { VipEditor } from './vip-editor';

/** The VIP club's levels as they stand (what each asks and gives). */
export function VipLevelsTab() {
  const { t, i18n } = useTranslation();
  const query = useQuery({
    queryKey: promotionsKeys.vipLevels(),
    queryFn: getVipLevels,
  });
  const columns: Column<VipLevel>[] = [
    { key: 'level', title: t('vip.level'), render: (l) => `VIP ${l.level}` },
    { key: 'name', title: t('vip.name'), render: (l) => vipNameFor(l.names, i18n.language) },
    {
      key: 'deposits',
      title: t('vip.deposits'),
      align: 'right',
      render: (l) => displayAmount(l.depositsRequired),
    },
    {
      key: 'turnover',
      title: t('vip.turnover'),
      align: 'right',
      render: (l) => displayAmount(l.turnoverRequired),
    },
    {
      key: 'bonus',
      title: t('vip.levelUpBonus'),
      align: 'right',
      render: (l) => displayAmount(l.levelUpBonus),
    },
    {
      key: 'monthly',
      title: t('vip.monthlyBonus'),
      align: 'right',
      render: (l) => displayAmount(l.monthlyBonus),
    },
    {
      key: 'withdraw',
      title: t('vip.withdrawals'),
      render: (l) =>
        l.withdrawDailyCount === null && l.withdrawDailyAmount === null
          ? t('vip.noLimit')
          : t('vip.withdrawLimit', {
              count: l.withdrawDailyCount ?? '∞',
              amount: l.withdrawDailyAmount ? displayAmount(l.withdrawDailyAmount) : '∞',
            }),
    },
  ];
  const levels = query.data?.levels;
  return (
    <Stack gap="xl">
      <PagedTable
        caption={t('vip.caption')}
        columns={columns}
        rows={levels}
        rowKey={(l) => String(l.level)}
        loading={query.isFetching}
        error={query.error}
        onRetry={() => void query.refetch()}
        empty={t('vip.empty')}
        page={1}
        totalPages={1}
        onPage={() => undefined}
      />
      {levels && levels.length > 0 && (
        <VipEditor
          key={JSON.stringify(levels)}
          levels={levels}
          languages={[...new Set(levels.flatMap((l) => Object.keys(l.names)))]}
        />
      )}
    </Stack>
  );
}
