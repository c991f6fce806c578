import { ActionIcon, Button, Group, Select, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { REWARD_TYPES_OF_KIND, type PromotionKind } from '@panalo/contract/promotion-rules';
import { PRODUCT_GROUPS } from '@panalo/contract/rebate';
import { problemOf, type Problem, type RewardForm } from '../rules/promotion-form';

/**
 * A promotion's reward as its kind pays it: a fixed or random amount, check-in amounts by streak day,
 * a referral reward, rebate rates by product and VIP level, a mission's goal, leaderboard prizes, or a
 * deposit bonus (a percent or a tier table).
 */
export function RewardFields(props: {
  kind: PromotionKind;
  reward: RewardForm;
  problems: Problem[];
  onChange: (change: Partial<RewardForm>) => void;
}) {
  const { t } = useTranslation();
  const { reward: r, onChange } = props;
  const error = (field: string) => {
    const key = problemOf(props.problems, `reward.${field}`);
    return key ? t(key) : undefined;
  };
  const product = (p: string) => t(`reports.product.${p}`, { defaultValue: p });
  const money = (field: 'amount' | 'min' | 'max' | 'minDeposit' | 'target', label: string) => (
    <TextInput
      label={label}
      inputMode="decimal"
      required
      value={r[field]}
      onChange={(e) => {
        const v = e.currentTarget.value.trim();
        onChange({ [field]: v });
      }}
      error={error(field)}
    />
  );
  const productSelect = (
    <Select
      label={t('promotionEdit.product')}
      data={[
        { value: '', label: t('promotionEdit.allProducts') },
        ...PRODUCT_GROUPS.map((p) => ({ value: p, label: product(p) })),
      ]}
      value={r.product}
      allowDeselect={false}
      onChange={(v) => onChange({ product: v ?? '' })}
    />
  );
  const types = REWARD_TYPES_OF_KIND[props.kind];
  return (
    <Stack gap="sm">
      {types.length > 1 && (
        <Select
          label={t('promotionEdit.rewardType')}
          data={types.map((type) => ({ value: type, label: t(`promotionEdit.type.${type}`) }))}
          value={r.type}
          allowDeselect={false}
          onChange={(v) => v && onChange({ type: v })}
        />
      )}
      {r.type === 'fixed' && (
        <SimpleGrid cols={{ base: 1, sm: 3 }}>{money('amount', t('promotionEdit.amount'))}</SimpleGrid>
      )}
      {r.type === 'random' && (
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          {money('min', t('promotionEdit.randomMin'))}
          {money('max', t('promotionEdit.randomMax'))}
        </SimpleGrid>
      )}
      {r.type === 'streak' && (
        <TextInput
          label={t('promotionEdit.streakAmounts')}
          description={t('promotionEdit.listHelp')}
          required
          value={r.amounts}
          onChange={(e) => onChange({ amounts: e.currentTarget.value })}
          error={error('amounts')}
        />
      )}
      {r.type === 'referral' && (
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          {money('amount', t('promotionEdit.referralAmount'))}
          {money('minDeposit', t('promotionEdit.friendDeposit'))}
        </SimpleGrid>
      )}
      {r.type === 'rebate' && (
        <>
          <Text size="sm" c="dimmed">
            {t('promotionEdit.ratesHelp')}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {PRODUCT_GROUPS.map((g) => (
              <TextInput
                key={g}
                label={t('promotionEdit.ratesOf', { product: product(g) })}
                placeholder="0.5, 0.6, 0.8"
                value={r.rates[g]}
                onChange={(e) => {
                  const v = e.currentTarget.value;
                  onChange({ rates: { ...r.rates, [g]: v } });
                }}
                error={error(`rates.${g}`)}
              />
            ))}
          </SimpleGrid>
          {error('rates') && (
            <Text size="sm" c="red" role="alert">
              {error('rates')}
            </Text>
          )}
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            {money('min', t('promotionEdit.rebateMin'))}
            {money('max', t('promotionEdit.rebateMax'))}
          </SimpleGrid>
        </>
      )}
      {r.type === 'mission' && (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label={t('promotionEdit.goal')}
            data={(['turnover', 'deposits'] as const).map((g) => ({
              value: g,
              label: t(`promotionEdit.goals.${g}`),
            }))}
            value={r.goal}
            allowDeselect={false}
            onChange={(v) => v && onChange({ goal: v })}
          />
          {productSelect}
          {money('target', t('promotionEdit.target'))}
          {money('amount', t('promotionEdit.amount'))}
        </SimpleGrid>
      )}
      {r.type === 'leaderboard' && (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {productSelect}
          <TextInput
            label={t('promotionEdit.prizes')}
            description={t('promotionEdit.listHelp')}
            required
            value={r.prizes}
            onChange={(e) => onChange({ prizes: e.currentTarget.value })}
            error={error('prizes')}
          />
        </SimpleGrid>
      )}
      {r.type === 'deposit' && (
        <>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput
              label={t('promotionEdit.percent')}
              description={r.tiers.length > 0 ? t('promotionEdit.percentWithTiers') : undefined}
              inputMode="decimal"
              value={r.percent}
              onChange={(e) => {
                const v = e.currentTarget.value.trim();
                onChange({ percent: v });
              }}
              error={error('percent')}
              rightSection={<Text size="xs">%</Text>}
            />
            {money('max', t('promotionEdit.bonusMax'))}
            {money('minDeposit', t('promotionEdit.minDeposit'))}
          </SimpleGrid>
          <Switch
            label={t('promotionEdit.firstDeposit')}
            checked={r.firstDeposit}
            onChange={(e) => onChange({ firstDeposit: e.currentTarget.checked })}
          />
          <Text size="sm" fw={600}>
            {t('promotionEdit.tiers')}
          </Text>
          {r.tiers.map((tier, i) => (
            <Group key={i} align="flex-end" wrap="nowrap">
              <TextInput
                label={t('promotionEdit.tierFrom', { n: i + 1 })}
                inputMode="decimal"
                value={tier.from}
                onChange={(e) => {
                  const v = e.currentTarget.value.trim();
                  onChange({ tiers: r.tiers.map((x, j) => (j === i ? { ...x, from: v } : x)) });
                }}
                error={error(`tiers.${i}.from`)}
              />
              <TextInput
                label={t('promotionEdit.tierAmount', { n: i + 1 })}
                inputMode="decimal"
                value={tier.amount}
                onChange={(e) => {
                  const v = e.currentTarget.value.trim();
                  onChange({ tiers: r.tiers.map((x, j) => (j === i ? { ...x, amount: v } : x)) });
                }}
                error={error(`tiers.${i}.amount`)}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                mb={4}
                aria-label={t('promotionEdit.tierRemove', { n: i + 1 })}
                onClick={() => onChange({ tiers: r.tiers.filter((_, j) => j !== i) })}
              >
                ×
              </ActionIcon>
            </Group>
          ))}
          <Group>
            <Button
              variant="light"
              size="xs"
              disabled={r.tiers.length >= 10}
              onClick={() => onChange({ tiers: [...r.tiers, { from: '', amount: '' }] })}
            >
              {t('promotionEdit.tierAdd')}
            </Button>
          </Group>
        </>
      )}
    </Stack>
  );
}
