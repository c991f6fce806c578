import { Badge, Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { displayAmount } from '@panalo/contract/money';
import { LoadState, scrollRegion } from '../../../components/list-states';
import { formatTime } from '../../../lib/format';
import { providerBillingKeys } from '../api/keys';
import { listTerms, type BrandTerms } from '../api/provider-billing';
import { dayOf } from '../rules/month';
import { SharesText } from './shares-text';
import { TermsFormPanel } from './terms-form';

/**
 * Which version is in force today: the newest whose start day has come (versions come newest first);
 * the ones after it are upcoming.
 */
function inForce(versions: BrandTerms[], today: string): string | null {
  return versions.find((v) => v.startsOn <= today)?.startsOn ?? null;
}

/**
 * A brand's commercial terms (`figures` to read): every version from its start day, newest first (its
 * shares of NGR by product group, minimum fee, note, who and when), which is in force and which are
 * upcoming; with `billing`, a form to add a version. Shown on the brand's page.
 */
export function CommercialTermsCard(props: { code: string; currency: string; canEdit: boolean }) {
  const { t, i18n } = useTranslation();
  const [adding, setAdding] = useState(false);
  // Once the form closes, the focus goes back to the button that opened it.
  const [closed, setClosed] = useState(0);
  const addRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (closed > 0) addRef.current?.focus();
  }, [closed]);
  const query = useQuery({
    queryKey: providerBillingKeys.terms(props.code),
    queryFn: () => listTerms(props.code),
  });
  const versions = query.data?.list ?? [];
  const today = dayOf(new Date());
  const current = inForce(versions, today);
  const caption = t('providerTerms.caption');
  return (
    <Card withBorder data-testid="commercial-terms">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4">
            {t('providerTerms.title')}
          </Title>
          {props.canEdit && !adding && query.data && (
            <Button ref={addRef} size="xs" variant="default" onClick={() => setAdding(true)}>
              {t('providerTerms.add')}
            </Button>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          {t('providerTerms.intro')}
        </Text>
        {!query.data ? (
          <LoadState pending={query.isPending} error={query.error} onRetry={() => void query.refetch()} />
        ) : versions.length === 0 ? (
          <Text size="sm">{t('providerTerms.none')}</Text>
        ) : (
          <Table.ScrollContainer minWidth={720} scrollAreaProps={scrollRegion(caption)}>
            <Table striped verticalSpacing="xs" fz="sm">
              <Table.Caption>{caption}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('providerTerms.startsOn')}</Table.Th>
                  <Table.Th scope="col">{t('providerTerms.shares')}</Table.Th>
                  <Table.Th scope="col" style={{ textAlign: 'right' }}>
                    {t('providerTerms.minimumFee', { currency: props.currency })}
                  </Table.Th>
                  <Table.Th scope="col">{t('providerTerms.note')}</Table.Th>
                  <Table.Th scope="col">{t('providerTerms.by')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {versions.map((v) => (
                  <Table.Tr key={v.startsOn} data-starts={v.startsOn}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      <Group gap={6} wrap="nowrap">
                        {v.startsOn}
                        {v.startsOn === current && (
                          <Badge variant="light" color="green" size="sm">
                            {t('providerTerms.inForce')}
                          </Badge>
                        )}
                        {v.startsOn > today && (
                          <Badge variant="light" color="yellow" size="sm">
                            {t('providerTerms.upcoming')}
                          </Badge>
                        )}
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <SharesText shares={v.shares} />
                    </Table.Td>
                    <Table.Td style={{ textAlign: 'right', whiteSpace: 'nowrap' }}>
                      {displayAmount(v.minimumFee)}
                    </Table.Td>
                    <Table.Td style={{ wordBreak: 'break-word' }}>{v.note ?? '—'}</Table.Td>
                    <Table.Td>
                      {v.by}
                      <Text size="xs" c="dimmed">
                        {formatTime(v.at, i18n.language)}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {adding && query.data && (
          <TermsFormPanel
            code={props.code}
            currency={props.currency}
            versions={versions}
            onClose={() => {
              setAdding(false);
              setClosed((n) => n + 1);
            }}
          />
        )}
      </Stack>
    </Card>
  );
}
