import { Alert, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { scrollRegion } from '../../../components/list-states';
import type { ClosingReport } from '../api/brands';
import { Facts } from './facts';

const right = { textAlign: 'right' as const, whiteSpace: 'nowrap' as const };

/** The ledger's accounts at the close, by book and kind: how many, and their balances summed. */
export function ClosingAccounts({
  report,
  money,
  count,
}: {
  report: ClosingReport;
  money: (v: string) => string;
  count: (n: number) => string;
}) {
  const { t } = useTranslation();
  const caption = t('brand.closing.accountsCaption', { name: report.name });
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        {t('brand.closing.accounts')}
      </Title>
      <Table.ScrollContainer minWidth={420} scrollAreaProps={scrollRegion(caption)}>
        <Table verticalSpacing={6} fz="sm" tabularNums data-testid="closing-accounts">
          <Table.Caption>{caption}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('brand.closing.book')}</Table.Th>
              <Table.Th scope="col">{t('brand.closing.kind')}</Table.Th>
              <Table.Th scope="col" style={right}>
                {t('brand.closing.count')}
              </Table.Th>
              <Table.Th scope="col" style={right}>
                {t('brand.closing.balance')}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {report.accounts.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={4} c="dimmed" ta="center">
                  {t('brand.closing.noAccounts')}
                </Table.Td>
              </Table.Tr>
            ) : (
              report.accounts.map((a) => (
                <Table.Tr key={`${a.book}:${a.kind}`}>
                  <Table.Td>{t(`brand.closing.books.${a.book}`, { defaultValue: a.book })}</Table.Td>
                  <Table.Td>{t(`brand.closing.kinds.${a.kind}`, { defaultValue: a.kind })}</Table.Td>
                  <Table.Td style={right}>{count(a.count)}</Table.Td>
                  <Table.Td style={right}>{money(a.balance)}</Table.Td>
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

/** The ledger at the close: its transfers and entries, and each check's findings (none on a clean ledger). */
export function ClosingChecks({ report, count }: { report: ClosingReport; count: (n: number) => string }) {
  const { t } = useTranslation();
  const { ledger } = report;
  const checks = Object.entries(ledger.checks);
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        {t('brand.closing.ledger')}
      </Title>
      <Facts
        rows={[
          { label: t('brand.closing.transfers'), value: count(ledger.transfers) },
          { label: t('brand.closing.entries'), value: count(ledger.entries) },
        ]}
      />
      {ledger.clean ? (
        <Alert color="green" variant="light" data-testid="closing-ledger-clean">
          {t('brand.closing.clean')}
        </Alert>
      ) : (
        <Alert
          color="red"
          variant="light"
          title={t('brand.closing.unclean')}
          data-testid="closing-ledger-unclean"
        >
          <Stack component="ul" gap={2} m={0} pl="md">
            {checks.map(([name, n]) => (
              <Text component="li" size="sm" key={name} fw={n > 0 ? 700 : 400}>
                {t('brand.closing.checkCount', {
                  check: t(`brand.closing.checks.${name}`, { defaultValue: name }),
                  count: n,
                })}
              </Text>
            ))}
          </Stack>
        </Alert>
      )}
    </Stack>
  );
}
