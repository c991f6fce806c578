import { useTranslation } from '../../../i18n/react';
import type { TemplateVersion } from '../../../lib/templates';
import type { MineEntry } from '../rules/mine-entries';
import { entryLabel } from './entry-label';
import { MineIcon } from './icons';
import { unreadBadge } from './message-indicator';

interface EntriesProps {
  entries: MineEntry[];
  version: TemplateVersion;
  /** A tap on an entry: the screen decides (navigate, login, free_reject, download popup). */
  onOpen: (entry: MineEntry) => void;
}

function EntryButton(p: {
  entry: MineEntry;
  className: string;
  onOpen: (entry: MineEntry) => void;
  badge?: number;
  chevron?: boolean;
}) {
  const { t } = useTranslation();
  const badge = p.badge ?? 0;
  return (
    <button
      type="button"
      className={`mine-entry ${p.className}`}
      onClick={() => p.onOpen(p.entry)}
      data-testid={`mine-entry-${p.entry.id}`}
    >
      <span className="mine-entry__icon">
        <MineIcon name={p.entry.id} size={22} />
      </span>
      <span className="mine-entry__label">{entryLabel(t, p.entry.id, p.entry.level)}</span>
      {badge > 0 && (
        <span className="mine-entry__badge" data-testid="mine-mail-badge">
          <span aria-hidden="true">{unreadBadge(badge)}</span>
          <span className="visually-hidden">{t('member.messages.unread', { count: badge })}</span>
        </span>
      )}
      {p.chevron && (
        <span className="mine-entry__chevron">
          <MineIcon name="chevron" size={18} />
        </span>
      )}
    </button>
  );
}

/** The quick tiles (MINE-013..018): a card of icon tiles in the new version, a flat strip in the base one. */
export function QuickTiles({ entries, version, onOpen }: EntriesProps) {
  const { t } = useTranslation();
  return (
    <nav
      className={`mine-tiles mine-tiles--${version}`}
      aria-label={t('member.tilesLabel')}
      data-testid="mine-tiles"
    >
      {entries.map((e) => (
        <EntryButton key={e.id} entry={e} className="mine-tile" onOpen={onOpen} />
      ))}
    </nav>
  );
}

/**
 * The list items (MINE-019..031): the new version lays them out as a grid of cards, the base version as
 * a classic list with chevrons (SHELL-054: the two versions look clearly different). The mail item
 * carries the unread badge.
 */
export function ListItems({ entries, version, onOpen, unread }: EntriesProps & { unread: number }) {
  const { t } = useTranslation();
  const grid = version === 'new';
  return (
    <nav
      className={`mine-items ${grid ? 'mine-items--grid' : 'mine-items--list'}`}
      aria-label={t('member.itemsLabel')}
      data-testid="mine-items"
    >
      <ul className="mine-items__list">
        {entries.map((e) => (
          <li key={e.id}>
            <EntryButton
              entry={e}
              className={grid ? 'mine-card' : 'mine-row'}
              onOpen={onOpen}
              {...(e.id === 'mail' ? { badge: unread } : {})}
              chevron={!grid}
            />
          </li>
        ))}
      </ul>
    </nav>
  );
}
