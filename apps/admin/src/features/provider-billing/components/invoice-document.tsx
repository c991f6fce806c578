import { Alert, Box, Divider, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { displayAmount } from '@panalo/contract/money';
// The figures area's pure sums: amounts added in cents.
import { sumAmounts } from '../../provider-figures/rules/amounts';
import type { BrandInvoice } from '../api/provider-billing';
import { daysInMonth, monthLabel } from '../rules/month';
import { displayShare } from '../rules/shares';

/** Who issues the provider's invoices. */
export const ISSUER = 'Panalo Platform';

const right = { textAlign: 'right' as const, whiteSpace: 'nowrap' as const };

/**
 * One brand's invoice for one month, laid out to be printed: the provider as issuer, the brand as
 * customer, the month; a line per product group and version of the terms (its days, GGR, deductions,
 * NGR, share and fee) with their sums; the share fees, the minimum fee and what is due; why the minimum
 * fee was due, and the days without terms (nothing billed for them).
 */
export function InvoiceDocument({ invoice }: { invoice: BrandInvoice }) {
  const { t, i18n } = useTranslation();
  const month = monthLabel(invoice.month, i18n.language);
  const lastDay = `${invoice.month}-${String(daysInMonth(invoice.month)).padStart(2, '0')}`;
  const money = (v: string) => `${invoice.currency} ${displayAmount(v)}`;
  const caption = t('providerInvoice.linesCaption', { month });
  const lines = invoice.lines;
  return (
    <Paper withBorder p="lg" className="invoice-document" component="article" aria-labelledby="invoice-title">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start">
          <div>
            <Title order={1} size="h2" id="invoice-title">
              {t('providerInvoice.title')}
            </Title>
            <Text size="sm">
              {t('providerInvoice.period', { month, from: `${invoice.month}-01`, to: lastDay })}
            </Text>
          </div>
          <Text fw={700} size="lg">
            {ISSUER}
          </Text>
        </Group>
        <SimpleGrid cols={2} spacing="lg">
          <div>
            <Text size="xs" c="dimmed" fw={600} tt="uppercase">
              {t('providerInvoice.issuer')}
            </Text>
            <Text size="sm">{ISSUER}</Text>
          </div>
          <div data-testid="invoice-customer">
            <Text size="xs" c="dimmed" fw={600} tt="uppercase">
              {t('providerInvoice.customer')}
            </Text>
            <Text size="sm">{invoice.name}</Text>
            <Text size="sm" c="dimmed">
              {t('providerInvoice.brandCode', { code: invoice.brand })} · {invoice.currency}
            </Text>
          </div>
        </SimpleGrid>
        <Divider />
        <Box
          className="invoice-lines"
          style={{ overflowX: 'auto' }}
          tabIndex={0}
          role="region"
          aria-label={caption}
        >
          <Table verticalSpacing={6} fz="sm" tabularNums miw={720} data-testid="invoice-lines">
            <Table.Caption>{caption}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('providerInvoice.product')}</Table.Th>
                <Table.Th scope="col">{t('providerInvoice.termsFrom')}</Table.Th>
                <Table.Th scope="col" style={right}>
                  {t('providerInvoice.days')}
                </Table.Th>
                <Table.Th scope="col" style={right}>
                  {t('providerInvoice.ggr')}
                </Table.Th>
                <Table.Th scope="col" style={right}>
                  {t('providerInvoice.deductions')}
                </Table.Th>
                <Table.Th scope="col" style={right}>
                  {t('providerInvoice.ngr')}
                </Table.Th>
                <Table.Th scope="col" style={right}>
                  {t('providerInvoice.share')}
                </Table.Th>
                <Table.Th scope="col" style={right}>
                  {t('providerInvoice.fee')}
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {lines.length === 0 ? (
                <Table.Tr>
                  <Table.Td colSpan={8} c="dimmed" ta="center">
                    {t('providerInvoice.noLines')}
                  </Table.Td>
                </Table.Tr>
              ) : (
                lines.map((l) => (
                  <Table.Tr key={`${l.product}:${l.termsFrom}`}>
                    <Table.Td>{t(`reports.product.${l.product}`)}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{l.termsFrom}</Table.Td>
                    <Table.Td style={right}>{l.days}</Table.Td>
                    <Table.Td style={right}>{displayAmount(l.ggr)}</Table.Td>
                    <Table.Td style={right}>{displayAmount(l.deductions)}</Table.Td>
                    <Table.Td style={right}>{displayAmount(l.ngr)}</Table.Td>
                    <Table.Td style={right}>
                      {t('providerInvoice.percent', { share: displayShare(l.share) })}
                    </Table.Td>
                    <Table.Td style={right}>{displayAmount(l.fee)}</Table.Td>
                  </Table.Tr>
                ))
              )}
            </Table.Tbody>
            {lines.length > 0 && (
              <Table.Tfoot>
                <Table.Tr fw={700}>
                  <Table.Th scope="row" colSpan={3}>
                    {t('providerInvoice.linesTotal')}
                  </Table.Th>
                  <Table.Td style={right}>{displayAmount(sumAmounts(lines.map((l) => l.ggr)))}</Table.Td>
                  <Table.Td style={right}>
                    {displayAmount(sumAmounts(lines.map((l) => l.deductions)))}
                  </Table.Td>
                  <Table.Td style={right}>{displayAmount(sumAmounts(lines.map((l) => l.ngr)))}</Table.Td>
                  <Table.Td />
                  <Table.Td style={right}>{displayAmount(sumAmounts(lines.map((l) => l.fee)))}</Table.Td>
                </Table.Tr>
              </Table.Tfoot>
            )}
          </Table>
        </Box>
        {/* A <dl> holds only <div> groups of one <dt> and one <dd>. */}
        <Box component="dl" m={0} ml="auto" w={{ base: '100%', sm: 360 }} data-testid="invoice-totals">
          {[
            { key: 'ngr', label: t('providerInvoice.monthNgr'), value: money(invoice.ngr) },
            { key: 'shareFees', label: t('providerInvoice.shareFees'), value: money(invoice.shareFees) },
            { key: 'minimumFee', label: t('providerInvoice.minimumFee'), value: money(invoice.minimumFee) },
            { key: 'due', label: t('providerInvoice.due'), value: money(invoice.due), strong: true },
          ].map((r) => (
            <Group key={r.key} justify="space-between" component="div" py={4} data-total={r.key}>
              <Text component="dt" size="sm" fw={r.strong ? 700 : 500}>
                {r.label}
              </Text>
              <Text
                component="dd"
                m={0}
                size={r.strong ? 'md' : 'sm'}
                fw={r.strong ? 700 : 400}
                style={right}
              >
                {r.value}
              </Text>
            </Group>
          ))}
        </Box>
        <Text size="sm" data-testid="invoice-minimum-note">
          {invoice.minimumApplied
            ? t('providerInvoice.minimumApplied', {
                fees: money(invoice.shareFees),
                minimum: money(invoice.minimumFee),
              })
            : t('providerInvoice.minimumNotApplied', { minimum: money(invoice.minimumFee) })}
        </Text>
        {invoice.daysWithoutTerms > 0 && (
          <Alert color="orange" variant="light" data-testid="invoice-days-without-terms">
            {t('providerInvoice.daysWithoutTerms', { count: invoice.daysWithoutTerms })}
          </Alert>
        )}
        <Text size="xs" c="dimmed">
          {t('providerInvoice.definitions')}
        </Text>
      </Stack>
    </Paper>
  );
}
