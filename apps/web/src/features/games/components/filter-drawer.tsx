import { useId, useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { Link } from 'react-router';
import type { GameClassification, GameVendor } from '@panalo/contract/games';
import { useSite } from '../../../app/site';
import { useModal } from '../../../components/ui/use-modal';
import { showRngSections } from '../rules/classify';
import {
  chooseVendor,
  EMPTY_FILTER,
  MIN_BET_CHOICES,
  otherGames,
  type GameFilterState,
} from '../rules/filter';
import { ChoiceRow } from './choice-row';

export interface FilterDrawerProps {
  gameType: string;
  vendors: readonly GameVendor[];
  classifications: readonly GameClassification[];
  /** The merchant's categories in order, for the other-games section (absent: the section is left out). */
  categories: readonly string[] | undefined;
  filter: GameFilterState;
  onSubmit: (filter: GameFilterState) => void;
  onClose: () => void;
}

const ALL = '*';

/**
 * The filter drawer of spec §2 (GAMES-023..031): the choices are a draft until Submit; Reset clears the
 * draft back to no filter (the search text stays, it is not part of the drawer).
 */
export default function FilterDrawer(p: FilterDrawerProps) {
  const { t } = useTranslation();
  const site = useSite();
  const panel = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const [draft, setDraft] = useState(p.filter);
  const onMask = useModal(true, panel, p.onClose);
  const rng = showRngSections(p.gameType);
  const others = p.categories ? otherGames(p.categories, p.gameType) : [];
  const categoryName = (code: string) => t(`games.category.${code}`, { defaultValue: code });

  return (
    <div className="games-drawer" data-testid="games-drawer">
      <div className="games-drawer__mask" onClick={onMask} aria-hidden="true" />
      <div
        ref={panel}
        className="games-drawer__panel"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
      >
        <div className="games-drawer__head">
          <h2 id={titleId} className="games-drawer__title" data-testid="games-drawer-title">
            {categoryName(p.gameType)}
          </h2>
          <button
            type="button"
            className="games-drawer__close"
            onClick={p.onClose}
            aria-label={t('common.close')}
          >
            ×
          </button>
        </div>
        <div className="games-drawer__body">
          <section aria-label={t('games.filter.vendors')}>
            <h3 className="games-drawer__section">{t('games.filter.vendors')}</h3>
            <div
              className="games-drawer__vendors"
              role="group"
              aria-label={t('games.filter.vendors')}
              data-testid="drawer-vendors"
            >
              <button
                type="button"
                className="games-chip"
                aria-pressed={draft.vassalage === undefined}
                onClick={() => setDraft((d) => chooseVendor(d, null))}
                data-testid="drawer-vendor-ALL"
              >
                {t('games.vendors.all')}
              </button>
              {p.vendors.map((v) => (
                <button
                  key={v.vassalage}
                  type="button"
                  className="games-chip games-chip--vendor"
                  aria-pressed={draft.vassalage === v.vassalage}
                  aria-label={v.name}
                  onClick={() => setDraft((d) => chooseVendor(d, v))}
                  data-testid={`drawer-vendor-${v.vassalage}`}
                >
                  <img src={site.img(v.mobileSmallIcon)} alt="" width={28} height={28} decoding="async" />
                </button>
              ))}
            </div>
          </section>
          {rng && (
            <>
              <section>
                <h3 className="games-drawer__section">{t('games.filter.gameType')}</h3>
                <ChoiceRow
                  label={t('games.filter.gameType')}
                  testId="drawer-types"
                  selected={draft.gameClassify}
                  onChoose={(id) => setDraft((d) => ({ ...d, gameClassify: id }))}
                  choices={[
                    { id: 'ALL', label: t('games.classify.ALL'), testId: 'drawer-type-ALL' },
                    ...p.classifications.map((c) => ({
                      id: c.code,
                      label: c.name,
                      testId: `drawer-type-${c.code}`,
                    })),
                  ]}
                />
              </section>
              <section>
                <h3 className="games-drawer__section">{t('games.filter.minBet')}</h3>
                <ChoiceRow
                  label={t('games.filter.minBet')}
                  testId="drawer-minbets"
                  selected={draft.minBet ?? ALL}
                  onChoose={(id) => setDraft((d) => ({ ...d, minBet: id === ALL ? undefined : id }))}
                  choices={[
                    { id: ALL, label: t('games.filter.minBetAll'), testId: 'drawer-minbet-all' },
                    ...MIN_BET_CHOICES.map((b) => ({ id: b, label: b, testId: `drawer-minbet-${b}` })),
                  ]}
                />
              </section>
            </>
          )}
          <div className="games-drawer__actions">
            <button
              type="button"
              className="btn"
              onClick={() => setDraft({ ...EMPTY_FILTER, gameName: p.filter.gameName })}
              data-testid="drawer-reset"
            >
              {t('games.filter.reset')}
            </button>
            <button
              type="button"
              className="btn btn--primary"
              onClick={() => p.onSubmit(draft)}
              data-testid="drawer-submit"
            >
              {t('games.filter.submit')}
            </button>
          </div>
          {others.length > 0 && (
            <nav aria-label={t('games.filter.otherGames')} data-testid="drawer-other-games">
              <h3 className="games-drawer__section">{t('games.filter.otherGames')}</h3>
              <ul className="games-drawer__others">
                {others.map((o) => (
                  <li key={o.code}>
                    <Link to={o.href} onClick={p.onClose} data-testid={`other-game-${o.code}`}>
                      {categoryName(o.code)}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          )}
        </div>
      </div>
    </div>
  );
}
