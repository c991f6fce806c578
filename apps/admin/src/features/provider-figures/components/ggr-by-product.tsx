import { Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { displayAmount } from '@panalo/contract/money';
import { PRODUCT_GROUPS } from '@panalo/contract/rebate';
import { scrollRegion } from '../../../components/list-states';
import type { BrandSpan } from '../api/provider-figures';

/** One brand's GGR over the range by product group (groups without play are left out by the server). */
export function GgrByProduct({ brand, caption }: { brand: BrandSpan; caption: string }) {
  const { t } = useTranslation();
  const groups = PRODUCT_GROUPS.filter((g) => brand.ggrByProduct[g] !== undefined);
  if (groups.length === 0) return null;
  return (
    <Table.ScrollContainer minWidth={320} scrollAreaProps={scrollRegion(caption)}>
      <Table striped verticalSpacing={4} fz="sm" tabularNums maw={420} data-testid="ggr-by-product">
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('providerFigures.product')}</Table.Th>
            <Table.Th scope="col" style={{ textAlign: 'right' }}>
              {t('providerFigures.col.ggr')}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {groups.map((g) => (
            <Table.Tr key={g}>
              <Table.Td>{t(`reports.product.${g}`)}</Table.Td>
              <Table.Td style={{ textAlign: 'right', whiteSpace: 'nowrap' }}>
                {displayAmount(brand.ggrByProduct[g] ?? '0')}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
