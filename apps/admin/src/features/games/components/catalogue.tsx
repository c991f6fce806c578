import {
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  NumberInput,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CATALOGUE_SORT_MAX,
  GAME_SHOWN_FILTERS,
  type GameShownFilter,
} from '@panalo/contract/catalogue-rules';
import type { OpsGame, OpsVendor } from '@panalo/contract/games-ops';
import { PagedTable, pagedState, type Column } from '../../../components/list-states';
import { notice } from '../../../components/notice';
import { errorText } from '../../../i18n';
import { ApiError } from '../../../lib/api';
import { useListParams } from '../../../lib/list-params';
import { listGames, listVendors, saveGame, saveVendor } from '../api/games';
import { gamesKeys } from '../api/keys';

/** Saves a setting and says so; the dialog shows the server's refusal. */
function useSave() {
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async (call: () => Promise<unknown>, done: () => void) => {
    setBusy(true);
    setError(null);
    try {
      await call();
      await queryClient.invalidateQueries({ queryKey: gamesKeys.all });
      done();
    } catch (err) {
      setError(errorText(err instanceof ApiError ? err.code : 'unknown_error'));
    } finally {
      setBusy(false);
    }
  };
  return { error, busy, run, reset: () => setError(null) };
}

/** A settings dialog: its fields, the server's refusal, cancel and save (saving via `useSave`). */
function SettingsDialog(props: {
  title: string;
  save: ReturnType<typeof useSave>;
  onClose: () => void;
  onSubmit: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened
      onClose={props.onClose}
      title={props.title}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <form
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          props.onSubmit();
        }}
        noValidate
      >
        <Stack>
          {props.children}
          {props.save.error && (
            <Alert color="red" role="alert">
              {props.save.error}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={props.save.busy}>
              {t('catalogue.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** A place in the lists: empty for the catalogue's own. */
function PlaceInput(props: {
  value: number | null;
  catalogue: number;
  onChange: (v: number | null) => void;
}) {
  const { t } = useTranslation();
  return (
    <NumberInput
      label={t('catalogue.place')}
      description={t('catalogue.placeHelp', { place: props.catalogue })}
      placeholder={String(props.catalogue)}
      allowDecimal={false}
      min={-CATALOGUE_SORT_MAX}
      max={CATALOGUE_SORT_MAX}
      value={props.value ?? ''}
      onChange={(v) => props.onChange(typeof v === 'number' ? v : null)}
    />
  );
}

/** One game's settings on this site: shown or hidden, hot, its place in the lists. */
function GameDialog({ game, onClose }: { game: OpsGame; onClose: () => void }) {
  const { t } = useTranslation();
  const [hidden, setHidden] = useState(game.hidden);
  const [hot, setHot] = useState<string>(game.siteHot === null ? 'catalogue' : game.siteHot ? 'hot' : 'not');
  const [sort, setSort] = useState<number | null>(game.siteSort);
  const save = useSave();
  const submit = () => {
    const body = { hidden, hot: hot === 'catalogue' ? null : hot === 'hot', sort };
    void save.run(
      () => saveGame(game.id, body),
      () => {
        notice('green', t('catalogue.gameSaved', { name: game.name }));
        onClose();
      },
    );
  };
  return (
    <SettingsDialog title={game.name} save={save} onClose={onClose} onSubmit={submit}>
      <Text size="sm" c="dimmed">
        {game.vendorName} · {game.type} · {game.gameId}
      </Text>
      {game.vendorHidden && (
        <Alert color="yellow">{t('catalogue.vendorHiddenNote', { vendor: game.vendorName })}</Alert>
      )}
      <Switch
        label={t('catalogue.shownOnSite')}
        checked={!hidden}
        onChange={(e) => setHidden(!e.currentTarget.checked)}
      />
      <Select
        label={t('catalogue.hot')}
        data={[
          {
            value: 'catalogue',
            label: t('catalogue.hotCatalogue', {
              value: t(game.catalogueHot ? 'catalogue.yes' : 'catalogue.no'),
            }),
          },
          { value: 'hot', label: t('catalogue.hotYes') },
          { value: 'not', label: t('catalogue.hotNo') },
        ]}
        value={hot}
        allowDeselect={false}
        onChange={(v) => v && setHot(v)}
      />
      <PlaceInput value={sort} catalogue={game.catalogueSort} onChange={setSort} />
    </SettingsDialog>
  );
}

/** The platform's games with this site's settings: filter by vendor, words and state; edit one. */
export function GamesCatalogue() {
  const { t } = useTranslation();
  const list = useListParams(['vendor', 'q', 'show'] as const);
  const show = (GAME_SHOWN_FILTERS as readonly string[]).includes(list.values.show)
    ? (list.values.show as GameShownFilter)
    : 'all';
  const [words, setWords] = useState(list.values.q);
  const vendors = useQuery({
    queryKey: gamesKeys.vendors(),
    queryFn: listVendors,
  });
  const query = useQuery({
    queryKey: gamesKeys.games(list.page, list.values.vendor, list.values.q, show),
    queryFn: () => listGames(list.page, { vendor: list.values.vendor, q: list.values.q, show }),
    placeholderData: keepPreviousData,
  });
  const [editing, setEditing] = useState<OpsGame | null>(null);
  const columns: Column<OpsGame>[] = [
    { key: 'name', title: t('catalogue.game'), render: (g) => g.name },
    { key: 'vendor', title: t('catalogue.vendor'), render: (g) => g.vendorName },
    { key: 'type', title: t('catalogue.type'), render: (g) => g.type },
    {
      key: 'shown',
      title: t('catalogue.state'),
      render: (g) => (
        <Group gap={4}>
          <Badge variant="dot" color={g.hidden || g.vendorHidden ? 'gray' : 'green'}>
            {g.hidden
              ? t('catalogue.hidden')
              : g.vendorHidden
                ? t('catalogue.vendorHidden')
                : t('catalogue.shown')}
          </Badge>
          {g.hot && <Badge color="red.9">{t('catalogue.hotBadge')}</Badge>}
        </Group>
      ),
    },
    {
      key: 'place',
      title: t('catalogue.place'),
      align: 'right',
      render: (g) => (g.siteSort === null ? g.sort : <strong>{g.sort}</strong>),
    },
    {
      key: 'edit',
      title: t('common.actions'),
      render: (g) => (
        <Button
          size="xs"
          variant="light"
          onClick={() => setEditing(g)}
          aria-label={t('catalogue.editGame', { name: g.name })}
        >
          {t('catalogue.edit')}
        </Button>
      ),
    },
  ];
  return (
    <Stack>
      <form
        role="search"
        aria-label={t('catalogue.search')}
        onSubmit={(e) => {
          e.preventDefault();
          list.setFilter('q', words.trim());
        }}
      >
        <Group align="flex-end">
          <Select
            label={t('catalogue.vendor')}
            data={[
              { value: '', label: t('catalogue.allVendors') },
              ...(vendors.data ?? []).map((v) => ({ value: v.code, label: v.name })),
            ]}
            value={list.values.vendor}
            allowDeselect={false}
            searchable
            onChange={(v) => list.setFilter('vendor', v ?? '')}
            w={220}
          />
          <TextInput
            label={t('catalogue.words')}
            value={words}
            maxLength={64}
            onChange={(e) => setWords(e.currentTarget.value)}
            w={240}
          />
          <Button type="submit">{t('catalogue.search')}</Button>
        </Group>
      </form>
      <SegmentedControl
        aria-label={t('catalogue.showLabel')}
        value={show}
        onChange={(v) => list.setFilter('show', v === 'all' ? '' : v)}
        data={GAME_SHOWN_FILTERS.map((s) => ({ value: s, label: t(`catalogue.show.${s}`) }))}
        style={{ alignSelf: 'flex-start', maxWidth: '100%', overflowX: 'auto' }}
      />
      <PagedTable
        caption={t('catalogue.caption', { count: query.data?.total ?? 0 })}
        columns={columns}
        rowKey={(g) => g.id}
        empty={t('catalogue.none')}
        {...pagedState(query, list)}
      />
      {editing && <GameDialog key={editing.id} game={editing} onClose={() => setEditing(null)} />}
    </Stack>
  );
}

/** One vendor's settings on this site: shown or hidden (with all its games), its place. */
function VendorDialog({ vendor, onClose }: { vendor: OpsVendor; onClose: () => void }) {
  const { t } = useTranslation();
  const [hidden, setHidden] = useState(vendor.hidden);
  const [sort, setSort] = useState<number | null>(vendor.siteSort);
  const save = useSave();
  const submit = () =>
    void save.run(
      () => saveVendor(vendor.code, { hidden, sort }),
      () => {
        notice('green', t('catalogue.vendorSaved', { name: vendor.name }));
        onClose();
      },
    );
  return (
    <SettingsDialog title={vendor.name} save={save} onClose={onClose} onSubmit={submit}>
      <Switch
        label={t('catalogue.vendorShown', { count: vendor.games })}
        checked={!hidden}
        onChange={(e) => setHidden(!e.currentTarget.checked)}
      />
      <PlaceInput value={sort} catalogue={vendor.catalogueSort} onChange={setSort} />
    </SettingsDialog>
  );
}

/** The platform's vendors with this site's settings. */
export function VendorsCatalogue() {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: gamesKeys.vendors(),
    queryFn: listVendors,
  });
  const [editing, setEditing] = useState<OpsVendor | null>(null);
  const columns: Column<OpsVendor>[] = [
    { key: 'name', title: t('catalogue.vendor'), render: (v) => v.name },
    { key: 'category', title: t('catalogue.type'), render: (v) => v.category },
    { key: 'games', title: t('catalogue.games'), align: 'right', render: (v) => v.games },
    {
      key: 'shown',
      title: t('catalogue.state'),
      render: (v) => (
        <Badge variant="dot" color={v.hidden ? 'gray' : 'green'}>
          {v.hidden ? t('catalogue.hidden') : t('catalogue.shown')}
        </Badge>
      ),
    },
    {
      key: 'place',
      title: t('catalogue.place'),
      align: 'right',
      render: (v) => (v.siteSort === null ? v.sort : <strong>{v.sort}</strong>),
    },
    {
      key: 'edit',
      title: t('common.actions'),
      render: (v) => (
        <Button
          size="xs"
          variant="light"
          onClick={() => setEditing(v)}
          aria-label={t('catalogue.editVendor', { name: v.name })}
        >
          {t('catalogue.edit')}
        </Button>
      ),
    },
  ];
  return (
    <>
      <PagedTable
        caption={t('catalogue.vendorsCaption', { count: query.data?.length ?? 0 })}
        columns={columns}
        rows={query.data}
        rowKey={(v) => v.code}
        loading={query.isFetching}
        error={query.error}
        onRetry={() => void query.refetch()}
        empty={t('catalogue.noVendors')}
        page={1}
        totalPages={1}
        onPage={() => undefined}
      />
      {editing && <VendorDialog key={editing.code} vendor={editing} onClose={() => setEditing(null)} />}
    </>
  );
}
