import { Badge, Button, Group, Modal, NumberInput, SegmentedControl, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OpsAnnouncementText, OpsHelpItem, OpsPage } from '@panalo/contract/content-ops';
import { DecisionModal } from '../../../components/decision-modal';
import { LoadState, PagedTable, type Column } from '../../../components/list-states';
import { notice } from '../../../components/notice';
import { useListParams } from '../../../lib/list-params';
import {
  createHelp,
  listHelp,
  listPages,
  removeHelp,
  savePage,
  updateHelp,
  type HelpDevice,
} from '../api/content';
import { contentKeys } from '../api/keys';
import { LanguageTexts, SaveWithReason, useLanguageTexts, useTextsSave } from './language-texts';

const titleIn = (texts: OpsAnnouncementText[], languages: string[]) =>
  (texts.find((x) => x.lang === languages[0]) ?? texts[0])?.title ?? '—';

/**
 * Texts per language, a place for help entries, and the reason: one save. The server sanitises the
 * HTML and names what it refuses.
 */
function TextsModal(props: {
  title: string;
  languages: string[];
  initial: OpsAnnouncementText[];
  sort?: number;
  rows?: number;
  onSave: (body: { texts: OpsAnnouncementText[]; sort: number; reason: string }) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { texts, edit, written } = useLanguageTexts(props.languages, props.initial);
  const [sort, setSort] = useState(props.sort ?? 0);
  const [reason, setReason] = useState('');
  const { save, busy, error } = useTextsSave({
    written,
    reason,
    send: (why) => props.onSave({ texts: written, sort, reason: why }),
    done: props.onClose,
  });
  return (
    <Modal
      opened
      onClose={props.onClose}
      size="xl"
      title={props.title}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack>
        <LanguageTexts
          languages={props.languages}
          texts={texts}
          edit={edit}
          {...(props.rows ? { rows: props.rows } : {})}
        />
        {props.sort !== undefined && (
          <NumberInput
            label={t('helpOps.sort')}
            description={t('helpOps.sortHelp')}
            min={0}
            max={10_000}
            allowDecimal={false}
            allowNegative={false}
            value={sort}
            onChange={(v) => setSort(typeof v === 'number' ? v : 0)}
          />
        )}
        <SaveWithReason
          reason={reason}
          setReason={setReason}
          error={error}
          busy={busy}
          onCancel={props.onClose}
          onSave={() => void save()}
        />
      </Stack>
    </Modal>
  );
}

/** The help centre's entries of the mobile or desktop site, in their order; add, edit, remove. */
export function HelpCentre() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const list = useListParams(['device'] as const);
  const device: HelpDevice = list.values.device === 'WEB' ? 'WEB' : 'MOBILE';
  const query = useQuery({
    queryKey: contentKeys.helpOf(device),
    queryFn: () => listHelp(device),
  });
  const [editing, setEditing] = useState<OpsHelpItem | 'new' | null>(null);
  const [removing, setRemoving] = useState<OpsHelpItem | null>(null);
  const languages = query.data?.languages ?? [];
  const refresh = () => queryClient.invalidateQueries({ queryKey: contentKeys.help() });
  const columns: Column<OpsHelpItem>[] = [
    { key: 'sort', title: t('helpOps.sort'), align: 'right', render: (h) => h.sort },
    { key: 'title', title: t('content.title'), render: (h) => titleIn(h.texts, languages) },
    {
      key: 'langs',
      title: t('content.languages'),
      render: (h) => (
        <Group gap={4}>
          {h.texts.map((x) => (
            <Badge key={x.lang} variant="outline" size="sm">
              {x.lang}
            </Badge>
          ))}
        </Group>
      ),
    },
    {
      key: 'actions',
      title: t('common.actions'),
      render: (h) => (
        <Group gap="xs" wrap="nowrap">
          <Button
            size="xs"
            variant="light"
            onClick={() => setEditing(h)}
            aria-label={t('helpOps.editOf', { title: titleIn(h.texts, languages) })}
          >
            {t('content.edit')}
          </Button>
          <Button
            size="xs"
            variant="default"
            onClick={() => setRemoving(h)}
            aria-label={t('helpOps.removeOf', { title: titleIn(h.texts, languages) })}
          >
            {t('helpOps.remove')}
          </Button>
        </Group>
      ),
    },
  ];
  return (
    <Stack>
      <Group justify="space-between">
        <SegmentedControl
          aria-label={t('helpOps.device')}
          value={device}
          onChange={(v) => list.setFilter('device', v === 'WEB' ? 'WEB' : '')}
          data={[
            { value: 'MOBILE', label: t('helpOps.mobile') },
            { value: 'WEB', label: t('helpOps.web') },
          ]}
        />
        <Button onClick={() => setEditing('new')} disabled={languages.length === 0}>
          {t('helpOps.new')}
        </Button>
      </Group>
      <PagedTable
        caption={t('helpOps.caption', { count: query.data?.list.length ?? 0 })}
        columns={columns}
        rows={query.data?.list}
        rowKey={(h) => String(h.id)}
        loading={query.isFetching}
        error={query.error}
        onRetry={() => void query.refetch()}
        empty={t('helpOps.empty')}
        page={1}
        totalPages={1}
        onPage={() => undefined}
      />
      {editing !== null && (
        <TextsModal
          title={editing === 'new' ? t('helpOps.new') : t('helpOps.editTitle')}
          languages={languages}
          initial={editing === 'new' ? [] : editing.texts}
          sort={editing === 'new' ? (query.data?.list.at(-1)?.sort ?? 0) + 1 : editing.sort}
          onClose={() => setEditing(null)}
          onSave={async (b) => {
            const body = { ...b, device };
            if (editing === 'new') await createHelp(body);
            else await updateHelp(editing.id, body);
            await refresh();
          }}
        />
      )}
      <DecisionModal
        opened={removing !== null}
        danger
        title={t('helpOps.removeTitle')}
        summary={<Text size="sm">{removing ? titleIn(removing.texts, languages) : ''}</Text>}
        confirmLabel={t('helpOps.remove')}
        reasonRequired
        reasonHelp={t('helpOps.reasonHelp')}
        onClose={() => setRemoving(null)}
        onConfirm={async ({ reason }) => {
          await removeHelp(removing!.id, { reason });
          notice('green', t('helpOps.removed'));
          await refresh();
        }}
      />
    </Stack>
  );
}

/** The site's pages (the user agreement): each language's title and text, edited as one. */
export function SitePages() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: contentKeys.pages(),
    queryFn: listPages,
  });
  const [editing, setEditing] = useState<OpsPage | null>(null);
  const languages = query.data?.languages ?? [];
  return (
    <Stack>
      <LoadState pending={query.isPending} error={query.error} onRetry={() => void query.refetch()} />
      {query.data?.list.map((p) => (
        <Group key={p.slug} justify="space-between" align="flex-start">
          <Stack gap={2}>
            <Text fw={600}>{t(`helpOps.page.${p.slug}`, { defaultValue: p.slug })}</Text>
            <Text size="sm">{titleIn(p.texts, languages)}</Text>
            <Group gap={4}>
              {p.texts.map((x) => (
                <Badge key={x.lang} variant="outline" size="sm">
                  {x.lang}
                </Badge>
              ))}
            </Group>
          </Stack>
          <Button variant="light" onClick={() => setEditing(p)}>
            {t('helpOps.editPage', { page: t(`helpOps.page.${p.slug}`, { defaultValue: p.slug }) })}
          </Button>
        </Group>
      ))}
      {editing && (
        <TextsModal
          title={t('helpOps.editPage', {
            page: t(`helpOps.page.${editing.slug}`, { defaultValue: editing.slug }),
          })}
          languages={languages}
          initial={editing.texts}
          rows={24}
          onClose={() => setEditing(null)}
          onSave={async ({ texts, reason }) => {
            await savePage(editing.slug, { texts, reason });
            await queryClient.invalidateQueries({ queryKey: contentKeys.pages() });
          }}
        />
      )}
    </Stack>
  );
}
