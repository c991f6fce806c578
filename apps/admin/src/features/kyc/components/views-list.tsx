import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { scrollRegion } from '../../../components/list-states';
import { formatTime } from '../../../lib/format';
import type { KycReviewDetail } from '../api/documents';
import { isSlot, newestViewsFirst } from '../rules/review';

/** Who opened this document's images, which one and when (each load is audited), newest first. */
export function ViewsList({ views }: { views: KycReviewDetail['views'] }) {
  const { t, i18n } = useTranslation();
  const caption = t('kyc.views.caption');
  const rows = newestViewsFirst(views);
  return (
    <Table.ScrollContainer minWidth={420} scrollAreaProps={scrollRegion(caption)}>
      <Table striped verticalSpacing={4} fz="sm" data-testid="kyc-views">
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('kyc.views.by')}</Table.Th>
            <Table.Th scope="col">{t('kyc.views.image')}</Table.Th>
            <Table.Th scope="col">{t('kyc.views.at')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={3}>
                <Text c="dimmed" size="sm">
                  {t('kyc.views.none')}
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : (
            rows.map((v, i) => (
              <Table.Tr key={`${v.at}-${v.by}-${v.slot}-${i}`} data-testid="kyc-view" data-by={v.by}>
                <Table.Td>{v.by}</Table.Td>
                <Table.Td>{isSlot(v.slot) ? t(`kyc.slot.${v.slot}`) : v.slot}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatTime(v.at, i18n.language)}</Table.Td>
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
