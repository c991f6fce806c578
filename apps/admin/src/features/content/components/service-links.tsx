import { ActionIcon, Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OpsServiceLink } from '@panalo/contract/content-ops';
import { DecisionModal } from '../../../components/decision-modal';
import { LoadState } from '../../../components/list-states';
import { notice } from '../../../components/notice';
import { listServiceLinks, saveServiceLinks } from '../api/content';
import { contentKeys } from '../api/keys';

const TYPES: OpsServiceLink['type'][] = ['CS', 'TELEGRAM', 'FACEBOOK'];
const URL_TEXT = /^https?:\/\/\S+$/;

/**
 * The customer-service links the member site offers (live chat, Telegram, Facebook), in their order:
 * edited here as a list and saved as one, with a reason. Addresses must be http(s): the member site
 * opens them in a new tab.
 */
export function ServiceLinks() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const key = contentKeys.serviceLinks();
  const query = useQuery({
    queryKey: key,
    queryFn: listServiceLinks,
  });
  const [draft, setDraft] = useState<OpsServiceLink[] | null>(null);
  const [asking, setAsking] = useState(false);
  const links = draft ?? query.data?.links ?? [];
  const change = (i: number, patch: Partial<OpsServiceLink>) =>
    setDraft(links.map((l, j) => (j === i ? { ...l, ...patch } : l)));
  const bad = links.some((l) => !l.title.trim() || !URL_TEXT.test(l.url.trim()));
  return (
    <Stack maw={760}>
      <Text size="sm" c="dimmed">
        {t('serviceLinks.intro')}
      </Text>
      <LoadState pending={query.isPending} error={query.error} onRetry={() => void query.refetch()} />
      <Stack
        component="ol"
        gap="xs"
        aria-label={t('serviceLinks.title')}
        style={{ paddingLeft: 18, margin: 0 }}
      >
        {links.map((l, i) => (
          <li key={i}>
            <Group align="flex-end" wrap="wrap">
              <Select
                label={t('serviceLinks.type')}
                data={TYPES.map((x) => ({ value: x, label: t(`serviceLinks.types.${x}`) }))}
                value={l.type}
                onChange={(v) => v && change(i, { type: v })}
                allowDeselect={false}
                w={150}
              />
              <TextInput
                label={t('serviceLinks.linkTitle')}
                value={l.title}
                maxLength={60}
                onChange={(e) => change(i, { title: e.currentTarget.value })}
                error={!l.title.trim() ? t('serviceLinks.titleNeeded') : undefined}
              />
              <TextInput
                label={t('serviceLinks.url')}
                value={l.url}
                maxLength={500}
                onChange={(e) => change(i, { url: e.currentTarget.value })}
                error={URL_TEXT.test(l.url.trim()) ? undefined : t('serviceLinks.urlInvalid')}
                miw={260}
              />
              <ActionIcon
                variant="default"
                size="lg"
                aria-label={t('serviceLinks.removeOf', { title: l.title || i + 1 })}
                onClick={() => setDraft(links.filter((_, j) => j !== i))}
              >
                ×
              </ActionIcon>
            </Group>
          </li>
        ))}
      </Stack>
      <Group>
        <Button
          variant="default"
          disabled={links.length >= 20}
          onClick={() => setDraft([...links, { type: 'CS', title: '', url: 'https://' }])}
        >
          {t('serviceLinks.add')}
        </Button>
        <Button disabled={draft === null || bad} onClick={() => setAsking(true)}>
          {t('serviceLinks.save')}
        </Button>
        {draft !== null && (
          <Button variant="subtle" onClick={() => setDraft(null)}>
            {t('common.cancel')}
          </Button>
        )}
      </Group>
      <DecisionModal
        opened={asking}
        title={t('serviceLinks.saveTitle')}
        summary={<Text size="sm">{t('serviceLinks.saveSummary', { count: links.length })}</Text>}
        confirmLabel={t('serviceLinks.save')}
        reasonRequired
        reasonHelp={t('serviceLinks.reasonHelp')}
        onClose={() => setAsking(false)}
        onConfirm={async ({ reason }) => {
          const body = {
            links: links.map((l) => ({ ...l, title: l.title.trim(), url: l.url.trim() })),
            reason,
          };
          queryClient.setQueryData(key, await saveServiceLinks(body));
          setDraft(null);
          notice('green', t('serviceLinks.saved'));
        }}
      />
    </Stack>
  );
}
