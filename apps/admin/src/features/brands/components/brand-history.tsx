import { Card, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { scrollRegion } from '../../../components/list-states';
import { formatTime } from '../../../lib/format';
import type { BrandDetail } from '../api/brands';
import { StatusBadge } from './status-badge';

/** The brand's status changes, as the server lists them: when, from → to, who and why. */
export function BrandHistory({ brand }: { brand: BrandDetail }) {
  const { t, i18n } = useTranslation();
  const caption = t('brand.historyTitle');
  return (
    <Card withBorder>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {caption}
        </Title>
        {brand.history.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('brand.noHistory')}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={560} scrollAreaProps={scrollRegion(caption)}>
            <Table striped verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('brand.at')}</Table.Th>
                  <Table.Th scope="col">{t('brand.change')}</Table.Th>
                  <Table.Th scope="col">{t('brand.by')}</Table.Th>
                  <Table.Th scope="col">{t('brand.reason')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {brand.history.map((h, i) => (
                  <Table.Tr key={`${h.at}-${i}`}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatTime(h.at, i18n.language)}</Table.Td>
                    <Table.Td>
                      {h.from ? <StatusBadge status={h.from} /> : t('brand.created')} →{' '}
                      <StatusBadge status={h.to} />
                    </Table.Td>
                    <Table.Td>{h.by}</Table.Td>
                    <Table.Td style={{ wordBreak: 'break-word' }}>{h.reason}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Card>
  );
}
