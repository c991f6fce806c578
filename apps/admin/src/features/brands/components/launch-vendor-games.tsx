import { Button, Checkbox, Fieldset, Group, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { gamesShown, switched, type CatalogueVendor } from '../rules/catalogue';
import { fieldId, type TemplateState } from './launch-fields';

/** A vendor with more games than this gets a filter over its list. */
const FILTER_FROM = 12;

/**
 * The games shown of each vendor shown: per vendor, a list to open with a box per game (ticked: shown).
 * Left alone (null) the template's hidden games apply (none without a template); the lists appear once
 * vendors are chosen or "choose the games shown" is on, and the first box changed makes the list of
 * hidden games the form's own.
 */
export function VendorGames({
  vendors,
  allVendors,
  hidden,
  onChange,
  vendorsChosen,
  template,
  error,
}: {
  /** The vendors shown (their games may be hidden). */
  vendors: CatalogueVendor[];
  /** Every vendor of the catalogue (the order of the hidden games). */
  allVendors: CatalogueVendor[];
  hidden: string[] | null;
  onChange: (hidden: string[] | null) => void;
  vendorsChosen: boolean;
  template: TemplateState | null;
  error: string | undefined;
}) {
  const { t } = useTranslation();
  const [choosing, setChoosing] = useState(false);
  const order = useMemo(() => allVendors.flatMap((v) => v.games.map((g) => g.key)), [allVendors]);
  const hiddenSet = new Set(hidden ?? []);
  const showLists = vendorsChosen || hidden !== null || choosing;
  const change = (keys: string[], shown: boolean) => onChange(switched(hidden ?? [], keys, !shown, order));
  return (
    <Fieldset legend={t('launch.hiddenTitle')}>
      <Stack gap="xs">
        {/* The focus comes here for a problem with the hidden games (the switch is not always shown). */}
        <Text size="sm" role="status" id={fieldId('hiddenGames')} tabIndex={-1}>
          {hidden !== null
            ? t('launch.hiddenChosen', { count: hidden.length })
            : template
              ? t('launch.hiddenFromTemplate', {
                  code: template.code,
                  count: template.detail?.hiddenGames ?? 0,
                })
              : t('launch.hiddenNone')}
        </Text>
        {error && (
          <Text size="sm" c="red" role="alert">
            {error}
          </Text>
        )}
        {!vendorsChosen && (
          <Switch
            label={t('launch.hiddenChoose')}
            description={t('launch.hiddenChooseHelp')}
            checked={showLists}
            onChange={(e) => {
              setChoosing(e.currentTarget.checked);
              if (!e.currentTarget.checked) onChange(null);
            }}
          />
        )}
        {/* The template's hidden games are known by their count only: the boxes cannot start from them. */}
        {template && hidden === null && showLists && (
          <Text size="xs" c="dimmed">
            {t('launch.hiddenReplaces')}
          </Text>
        )}
        {hidden !== null && (
          <Group>
            <Button size="compact-sm" variant="subtle" onClick={() => onChange(null)}>
              {template ? t('launch.hiddenResetTemplate', { code: template.code }) : t('launch.hiddenReset')}
            </Button>
          </Group>
        )}
        {showLists &&
          (vendors.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('launch.noVendorsShown')}
            </Text>
          ) : (
            vendors.map((v) => (
              <VendorGameList key={v.code} vendor={v} hidden={hiddenSet} onChange={change} />
            ))
          ))}
      </Stack>
    </Fieldset>
  );
}

/** One vendor's games, opened on demand (a vendor may have hundreds), each box ticked when shown. */
function VendorGameList({
  vendor,
  hidden,
  onChange,
}: {
  vendor: CatalogueVendor;
  hidden: ReadonlySet<string>;
  onChange: (keys: string[], shown: boolean) => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [filter, setFilter] = useState('');
  const count = gamesShown(vendor, hidden);
  const panel = `launch-games-${vendor.code}`;
  const needle = filter.trim().toLowerCase();
  const games = needle ? vendor.games.filter((g) => g.name.toLowerCase().includes(needle)) : vendor.games;
  const keys = vendor.games.map((g) => g.key);
  return (
    <Stack gap={6}>
      <Group justify="space-between" gap="xs">
        <Button
          variant="subtle"
          size="compact-sm"
          onClick={() => setOpen((o) => !o)}
          aria-expanded={open}
          aria-controls={panel}
          leftSection={<span aria-hidden>{open ? '▾' : '▸'}</span>}
        >
          {t('launch.vendorGames', { name: vendor.name })}
        </Button>
        <Text size="xs" c="dimmed">
          {t('launch.gamesShown', { shown: count.shown, total: count.total })}
        </Text>
      </Group>
      {open && (
        <Stack id={panel} gap="xs" pl="md">
          <Group gap="xs">
            <Button size="compact-sm" variant="default" onClick={() => onChange(keys, true)}>
              {t('launch.showAllGames')}
            </Button>
            <Button size="compact-sm" variant="default" onClick={() => onChange(keys, false)}>
              {t('launch.hideAllGames')}
            </Button>
          </Group>
          {vendor.games.length > FILTER_FROM && (
            <TextInput
              label={t('launch.gameFilter', { name: vendor.name })}
              value={filter}
              onChange={(e) => setFilter(e.currentTarget.value)}
              size="xs"
              maw={320}
            />
          )}
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="xs" verticalSpacing={6}>
            {games.map((g) => (
              <Checkbox
                key={g.key}
                size="xs"
                label={g.name}
                description={g.type}
                checked={!hidden.has(g.key)}
                onChange={(e) => onChange([g.key], e.currentTarget.checked)}
              />
            ))}
          </SimpleGrid>
          {games.length === 0 && (
            <Text size="sm" c="dimmed">
              {t('launch.nothingFound')}
            </Text>
          )}
        </Stack>
      )}
    </Stack>
  );
}
