import { Badge, Button, Group, Stack, Switch, Table, Text, TextInput } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { OpsRegistrationRule } from '@panalo/contract/site-ops';
import { DecisionModal } from '../../../components/decision-modal';
import { LoadState, scrollRegion } from '../../../components/list-states';
import { notice } from '../../../components/notice';
import { siteKeys } from '../api/keys';
import { addDomain, getDomains, getRegistration, removeDomain, saveRegistration } from '../api/site';

type Rule = Pick<OpsRegistrationRule, 'enabled' | 'required' | 'regExp'>;
// The same test as the server's (site-ops' domainName): caught here before a round trip.
const DOMAIN = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

/**
 * The registration form's rules: each field shown or not, required or not, and the pattern a filled
 * field must match. Changes are kept here until saved together with one reason; the server refuses a
 * pattern that does not compile or could run for minutes, and a required field that is hidden.
 */
export function RegistrationRules() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const key = siteKeys.registration();
  const query = useQuery({
    queryKey: key,
    queryFn: getRegistration,
  });
  const [edits, setEdits] = useState<Record<string, Rule>>({});
  const [asking, setAsking] = useState(false);
  const rules = query.data?.rules ?? [];
  const current = (r: OpsRegistrationRule): Rule => edits[r.field] ?? r;
  const edit = (r: OpsRegistrationRule, change: Partial<Rule>) =>
    setEdits((prev) => ({ ...prev, [r.field]: { ...current(r), ...change } }));
  const changed = Object.keys(edits);
  const caption = t('siteRules.caption');
  return (
    <Stack>
      <Text size="sm" c="dimmed">
        {t('siteRules.intro')}
      </Text>
      <LoadState pending={query.isPending} error={query.error} onRetry={() => void query.refetch()} />
      {rules.length > 0 && (
        <Table.ScrollContainer minWidth={640} scrollAreaProps={scrollRegion(caption)}>
          <Table striped>
            <Table.Caption>{caption}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('siteRules.field')}</Table.Th>
                <Table.Th>{t('siteRules.shown')}</Table.Th>
                <Table.Th>{t('siteRules.required')}</Table.Th>
                <Table.Th>{t('siteRules.pattern')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rules.map((r) => {
                const c = current(r);
                const name = t(`siteRules.fields.${r.field}`, { defaultValue: r.field });
                return (
                  <Table.Tr key={r.field}>
                    <Table.Td>
                      {name}
                      {edits[r.field] && (
                        <Badge ml="xs" size="xs" variant="outline">
                          {t('siteRules.edited')}
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Switch
                        aria-label={t('siteRules.shownOf', { field: name })}
                        checked={c.enabled}
                        onChange={(e) => edit(r, { enabled: e.currentTarget.checked })}
                      />
                    </Table.Td>
                    <Table.Td>
                      <Switch
                        aria-label={t('siteRules.requiredOf', { field: name })}
                        checked={c.required}
                        onChange={(e) => edit(r, { required: e.currentTarget.checked })}
                      />
                    </Table.Td>
                    <Table.Td>
                      <TextInput
                        aria-label={t('siteRules.patternOf', { field: name })}
                        size="xs"
                        ff="monospace"
                        maxLength={200}
                        value={c.regExp ?? ''}
                        onChange={(e) => edit(r, { regExp: e.currentTarget.value || null })}
                      />
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Group>
        <Button disabled={changed.length === 0} onClick={() => setAsking(true)}>
          {t('siteRules.save', { count: changed.length })}
        </Button>
        {changed.length > 0 && (
          <Button variant="default" onClick={() => setEdits({})}>
            {t('common.cancel')}
          </Button>
        )}
      </Group>
      <DecisionModal
        opened={asking}
        title={t('siteRules.saveTitle')}
        summary={
          <Text size="sm">
            {changed.map((f) => t(`siteRules.fields.${f}`, { defaultValue: f })).join(', ')}
          </Text>
        }
        confirmLabel={t('siteRules.save', { count: changed.length })}
        reasonRequired
        reasonHelp={t('siteRules.reasonHelp')}
        onClose={() => setAsking(false)}
        onConfirm={async ({ reason }) => {
          const next = await saveRegistration({ rules: edits, reason });
          queryClient.setQueryData(key, next);
          setEdits({});
          notice('green', t('siteRules.saved'));
        }}
      />
    </Stack>
  );
}

/**
 * The domains the site answers at: one more, or one fewer (never the main one) with `site.control` (the
 * owner); without it, the list only.
 */
export function SiteDomains({ canControl }: { canControl: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const key = siteKeys.domains();
  const query = useQuery({ queryKey: key, queryFn: getDomains });
  const [domain, setDomain] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<string | null>(null);
  const data = query.data;
  const add = (e: FormEvent) => {
    e.preventDefault();
    if (!DOMAIN.test(domain)) return setError(t('siteRules.domainInvalid'));
    setError(null);
    setAdding(true);
  };
  return (
    <Stack maw={640}>
      <Text size="sm" c="dimmed">
        {t('siteRules.domainsIntro')}
      </Text>
      {!canControl && (
        <Text size="sm" c="dimmed">
          {t('siteRules.domainsOwnerOnly')}
        </Text>
      )}
      <LoadState pending={query.isPending} error={query.error} onRetry={() => void query.refetch()} />
      {data && (
        <Stack
          gap={6}
          component="ul"
          aria-label={t('siteRules.domains')}
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {data.domains.map((d) => (
            <Group key={d} component="li" justify="space-between">
              <Group gap="xs">
                <Text ff="monospace">{d}</Text>
                {d === data.main && <Badge size="sm">{t('siteRules.main')}</Badge>}
              </Group>
              {canControl && d !== data.main && (
                <Button
                  size="xs"
                  variant="default"
                  aria-label={t('siteRules.removeOf', { domain: d })}
                  onClick={() => setRemoving(d)}
                >
                  {t('siteRules.remove')}
                </Button>
              )}
            </Group>
          ))}
        </Stack>
      )}
      {canControl && (
        <form onSubmit={add} noValidate>
          <Group align="flex-start">
            <TextInput
              label={t('siteRules.newDomain')}
              description={t('siteRules.newDomainHelp')}
              value={domain}
              onChange={(e) => setDomain(e.currentTarget.value.trim().toLowerCase())}
              error={error ?? undefined}
              maxLength={253}
            />
            <Button type="submit" mt={46}>
              {t('siteRules.add')}
            </Button>
          </Group>
        </form>
      )}
      <DecisionModal
        opened={adding}
        title={t('siteRules.addTitle', { domain })}
        summary={<Text size="sm">{t('siteRules.addSummary')}</Text>}
        confirmLabel={t('siteRules.add')}
        reasonRequired
        reasonHelp={t('siteRules.reasonHelp')}
        onClose={() => setAdding(false)}
        onConfirm={async ({ reason }) => {
          queryClient.setQueryData(key, await addDomain({ domain, reason }));
          notice('green', t('siteRules.added', { domain }));
          setDomain('');
        }}
      />
      <DecisionModal
        opened={removing !== null}
        danger
        title={t('siteRules.removeTitle', { domain: removing ?? '' })}
        summary={<Text size="sm">{t('siteRules.removeSummary')}</Text>}
        confirmLabel={t('siteRules.remove')}
        reasonRequired
        reasonHelp={t('siteRules.reasonHelp')}
        onClose={() => setRemoving(null)}
        onConfirm={async ({ reason }) => {
          const d = removing!;
          queryClient.setQueryData(key, await removeDomain(d, { reason }));
          notice('green', t('siteRules.removed', { domain: d }));
        }}
      />
    </Stack>
  );
}
