import { useRef, type KeyboardEvent } from 'react';
import { useTranslation } from '../../../i18n/react';
import { Link, useSearchParams } from 'react-router';
import { useHelpItems } from '../api/get-help';
import { ContentEmpty, ContentError, ContentLoading } from '../components/content-states';
import { SafeHtml } from '../../../components/ui/safe-html';
import { helpIndex } from '../lib/help-index';
import '../content.css';

/**
 * The help centre (CONTENT-002, 004..007): titles in a column on the left, the selected item's HTML on
 * the right. The selection lives in the URL (?i=) so that a link can open a given article.
 */
export function HelpScreen() {
  const { t } = useTranslation();
  const help = useHelpItems();
  const [params, setParams] = useSearchParams();
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const items = help.data ?? [];
  const index = helpIndex(params.get('i'), items.length);
  const selected = items[index];

  const select = (i: number, focus = false) => {
    // Switching articles is not a new page: replace, so Back leaves the help centre.
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set('i', String(i));
        return next;
      },
      { replace: true },
    );
    if (focus) tabs.current[i]?.focus();
    if (window.scrollY > 0) window.scrollTo({ top: 0 });
  };

  // Vertical tabs: arrows move between titles, Home and End jump to the ends (WAI-ARIA tabs pattern).
  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>) => {
    const last = items.length - 1;
    const target =
      e.key === 'ArrowDown'
        ? index >= last
          ? 0
          : index + 1
        : e.key === 'ArrowUp'
          ? index <= 0
            ? last
            : index - 1
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? last
              : null;
    if (target === null) return;
    e.preventDefault();
    select(target, true);
  };

  const heading = <h1 className="visually-hidden">{t('content.help.title')}</h1>;
  if (help.isPending) return <ContentLoading />;
  if (help.isError && !help.data) {
    return (
      <main className="content-page" data-testid="help-screen">
        {heading}
        <ContentError error={help.error} onRetry={() => void help.refetch()} />
      </main>
    );
  }
  if (!selected) {
    return (
      <main className="content-page" data-testid="help-screen">
        {heading}
        <ContentEmpty text={t('content.help.empty')} testId="help-empty" />
      </main>
    );
  }
  return (
    <main className="content-page help" data-testid="help-screen">
      {heading}
      <div className="help__layout">
        <div
          className="help__tabs"
          role="tablist"
          aria-orientation="vertical"
          aria-label={t('content.help.topics')}
          data-testid="help-titles"
        >
          {items.map((item, i) => (
            <button
              key={item.id}
              ref={(el) => {
                tabs.current[i] = el;
              }}
              type="button"
              role="tab"
              id={`help-tab-${i}`}
              className="help__tab"
              aria-selected={i === index}
              aria-controls="help-panel"
              tabIndex={i === index ? 0 : -1}
              onClick={() => select(i)}
              onKeyDown={onKeyDown}
            >
              {item.title}
            </button>
          ))}
        </div>
        <section
          className="help__panel"
          role="tabpanel"
          id="help-panel"
          aria-labelledby={`help-tab-${index}`}
          data-testid="help-content"
        >
          <h2 className="help__panel-title">{selected.title}</h2>
          <SafeHtml html={selected.content} />
          <Link className="help__full" to={`/m/helpDetail?id=${selected.id}`} data-testid="help-open-full">
            {t('content.help.openFull')}
          </Link>
        </section>
      </div>
    </main>
  );
}
