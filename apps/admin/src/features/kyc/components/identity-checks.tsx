import { Badge, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { scrollRegion } from '../../../components/list-states';
import type { KycReviewDetail } from '../api/documents';
import { checkColor, checkState, type CheckState } from '../rules/review';

/** A check's outcome in words and colour, with a mark that does not rest on colour alone. */
function CheckBadge({ state, label, testId }: { state: CheckState; label: string; testId: string }) {
  const mark = state === 'pass' ? '✓' : state === 'fail' ? '✗' : '?';
  return (
    <Badge
      variant="light"
      color={checkColor(state)}
      data-testid={testId}
      data-state={state}
      leftSection={<span aria-hidden="true">{mark}</span>}
      style={{ textTransform: 'none' }}
    >
      {label}
    </Badge>
  );
}

/**
 * What the member wrote on the form beside what the account says, with the server's checks: the name is
 * one of the account's payee names (its bank cards), the birth date is the account's (not checkable when
 * the account has none), the age reaches the merchant's minimum.
 */
export function IdentityChecks({ doc, minAge }: { doc: KycReviewDetail; minAge: number | undefined }) {
  const { t } = useTranslation();
  const c = (k: string) => t(`kyc.checks.${k}`);
  const name = checkState(doc.checks.nameMatchesPayee);
  const birth = checkState(doc.checks.birthDateMatches);
  const age = checkState(doc.checks.ageOk);
  const caption = c('caption');
  return (
    <Table.ScrollContainer minWidth={560} scrollAreaProps={scrollRegion(caption)}>
      <Table verticalSpacing="xs" data-testid="kyc-checks">
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Td />
            <Table.Th scope="col">{c('onDocument')}</Table.Th>
            <Table.Th scope="col">{c('onAccount')}</Table.Th>
            <Table.Th scope="col">{c('check')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          <Table.Tr>
            <Table.Th scope="row">{c('name')}</Table.Th>
            <Table.Td style={{ wordBreak: 'break-word' }}>{doc.fullName}</Table.Td>
            <Table.Td style={{ wordBreak: 'break-word' }}>
              {doc.account.payeeNames.length === 0 ? (
                <Text span c="dimmed" fz="inherit">
                  {c('noPayee')}
                </Text>
              ) : (
                doc.account.payeeNames.join(', ')
              )}
            </Table.Td>
            <Table.Td>
              <CheckBadge state={name} label={c(`name_${name}`)} testId="kyc-check-name" />
            </Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th scope="row">{c('birthDate')}</Table.Th>
            <Table.Td>{doc.birthDate}</Table.Td>
            <Table.Td>
              {doc.account.birthDate ?? (
                <Text span c="dimmed" fz="inherit">
                  {c('noBirthDate')}
                </Text>
              )}
            </Table.Td>
            <Table.Td>
              <CheckBadge state={birth} label={c(`birth_${birth}`)} testId="kyc-check-birth" />
            </Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th scope="row">{c('age')}</Table.Th>
            <Table.Td>{doc.checks.age}</Table.Td>
            <Table.Td>{minAge === undefined ? '—' : t('kyc.checks.minimum', { age: minAge })}</Table.Td>
            <Table.Td>
              <CheckBadge state={age} label={c(`age_${age}`)} testId="kyc-check-age" />
            </Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
