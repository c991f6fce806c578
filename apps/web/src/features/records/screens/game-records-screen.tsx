import { useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import type { GameRecord } from '@panalo/contract/game-records';
import { useDebouncedLanguage } from '../../../lib/use-debounced-language';
import { useGameRecords } from '../api/get-game-records';
import { FilterChips } from '../../../components/ui/filter-chips';
import { Money, SignedMoney } from '../../../components/ui/money';
import { PagedList } from '../../../components/ui/paged-list';
import { RangeFilter } from '../../../components/ui/range-filter';
import { Page } from '../../../components/ui/page';
import { useDateRange } from '../../../lib/use-date-range';
import { formatRecordTime } from '../../../lib/format-time';

/** The categories the betting record filters by (spec §1's game categories that play on the wallet). */
export const GAME_RECORD_CATEGORIES = [
  'ALL',
  'SPORTS',
  'ESPORTS',
  'COCKFIGHT',
  'LIVE',
  'FISH',
  'RNG',
  'PVP',
  'INHOUSE',
] as const;
type Category = (typeof GAME_RECORD_CATEGORIES)[number];

function GameRecordRow({ r }: { r: GameRecord }) {
  const { t } = useTranslation();
  return (
    <article className="ui-row" aria-label={t('records.game.item', { game: r.gameName, id: r.roundId })}>
      <div className="ui-row__main">
        <span className="ui-row__title">{r.gameName}</span>
        <SignedMoney value={r.net} testId="game-record-net" />
      </div>
      <div className="ui-row__meta">
        <time dateTime={r.startedAt}>{formatRecordTime(r.startedAt)}</time>
        <span>
          {t('records.game.bet')} <Money value={r.bet} testId="game-record-bet" />
        </span>
        <span>
          {t('records.game.win')} <Money value={r.win} testId="game-record-win" />
        </span>
      </div>
      <p className="ui-row__note">
        {r.vassalage && <span>{r.vassalage} · </span>}
        <span>#{r.roundId}</span>
        {r.status === 'open' && <span> · {t('records.game.open')}</span>}
      </p>
    </article>
  );
}

/** /m/gameRecord: the betting record — the member's game rounds by period and category, with totals. */
export function GameRecordsScreen() {
  const { t } = useTranslation();
  const language = useDebouncedLanguage();
  const dates = useDateRange('today');
  const [category, setCategory] = useState<Category>('ALL');
  const query = useGameRecords(category, dates.range, language);
  const totals = query.data?.pages[0]?.totals;
  return (
    <Page title={t('records.game.title')} testId="game-records-screen">
      <RangeFilter state={dates} />
      <FilterChips
        label={t('records.game.category')}
        options={GAME_RECORD_CATEGORIES}
        value={category}
        onChange={setCategory}
        labelFor={(c) => t(`records.game.categories.${c}`)}
        testIdPrefix="game-category"
      />
      {totals && (
        <dl className="ui-totals" aria-label={t('records.game.totals')} data-testid="game-record-totals">
          <div>
            <dt>{t('records.game.bet')}</dt>
            <dd>
              <Money value={totals.bet} />
            </dd>
          </div>
          <div>
            <dt>{t('records.game.win')}</dt>
            <dd>
              <Money value={totals.win} />
            </dd>
          </div>
          <div>
            <dt>{t('records.game.net')}</dt>
            <dd>
              <SignedMoney value={totals.net} testId="game-record-total-net" />
            </dd>
          </div>
        </dl>
      )}
      {dates.range === null ? null : (
        <PagedList
          query={query}
          label={t('records.game.list')}
          emptyText={t('records.game.empty')}
          itemKey={(r) => r.id}
          renderItem={(r) => <GameRecordRow r={r} />}
          testId="game-record-list"
        />
      )}
    </Page>
  );
}
