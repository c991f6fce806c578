import { Badge, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { displayAmount } from '@panalo/contract/money';
import { isNonZero } from '../rules/sheet';

/**
 * A difference: plain when zero; when not, in bold red with a "differs" badge, so that it shows up in a
 * long table and is told by its words, not its colour alone. `format` writes the amount (currency).
 */
export function Difference({
  value,
  format = displayAmount,
}: {
  value: string;
  format?: (amount: string) => string;
}) {
  const { t } = useTranslation();
  if (!isNonZero(value)) return <>{format(value)}</>;
  return (
    <Group gap={6} wrap="nowrap" justify="flex-end" component="span" display="inline-flex">
      <Badge component="span" color="red.9" size="xs">
        {t('dailyClose.differs')}
      </Badge>
      <Text span fw={700} c="red.9" fz="inherit">
        {format(value)}
      </Text>
    </Group>
  );
}
