import { useEffect, useId, useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { useNavigate } from 'react-router';
import type { Announcement } from '@panalo/contract/content';
import { useSanitizedHtml } from '../../../lib/sanitize-html';
import { bannerTarget } from '../rules/home-content';
import { popupPager, POPUP_CLOSE_MS, turnPage } from '../rules/popups';
import { Dialog } from './dialog';
import { ChevronIcon, CloseIcon } from './icons';

function PopupContent({ html }: { html: string }) {
  const safe = useSanitizedHtml(html);
  if (safe === null)
    return <div className="ann-popup__content ann-popup__content--loading" aria-busy="true" />;
  return (
    <div
      className="ann-popup__content"
      data-testid="announcement-popup-content"
      dangerouslySetInnerHTML={{ __html: safe }}
    />
  );
}

/**
 * Announcement popups (HOME-026..036), one at a time: title, sanitised content, previous and next
 * (disabled at the ends), a go-to button for a popup that links inside the app (the reward centre),
 * and a close that plays the closing animation before `onClosed` stores show=false.
 */
export default function AnnouncementPopup({
  items,
  onClosed,
}: {
  items: readonly Announcement[];
  onClosed: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const titleId = useId();
  const [index, setIndex] = useState(0);
  const [closing, setClosing] = useState<{ then?: string } | null>(null);
  const pager = popupPager(index, items.length);
  const item = items[pager.index];
  const goTo = item ? bannerTarget(item.linkUrl) : null;

  useEffect(() => {
    if (!closing) return;
    const timer = setTimeout(() => {
      onClosed();
      if (closing.then) void navigate(closing.then);
    }, POPUP_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [closing, onClosed, navigate]);

  if (!item) return null;
  const close = () => setClosing((c) => c ?? {});
  return (
    <Dialog
      labelledBy={titleId}
      onClose={close}
      closing={closing !== null}
      testId="announcement-popup"
      className="ann-popup"
    >
      <header className="home-dialog__head">
        <h2 id={titleId} className="home-dialog__title" data-testid="announcement-popup-title">
          {item.title}
        </h2>
        <button
          type="button"
          className="home-icon-btn"
          aria-label={t('common.close')}
          onClick={close}
          data-testid="announcement-popup-close"
        >
          <CloseIcon />
        </button>
      </header>
      <PopupContent html={item.content} />
      {goTo?.kind === 'internal' && (
        <button
          type="button"
          className="btn btn--primary home-dialog__action"
          onClick={() => setClosing({ then: goTo.to })}
          data-testid="announcement-popup-goto"
        >
          {t('home.popup.goTo')}
        </button>
      )}
      {items.length > 1 && (
        <nav className="ann-popup__pager" aria-label={t('home.popup.pager')}>
          <button
            type="button"
            className="home-icon-btn"
            aria-label={t('home.popup.prev')}
            disabled={!pager.canPrev}
            onClick={() => setIndex((i) => turnPage(i, -1, items.length))}
            data-testid="announcement-popup-prev"
          >
            <ChevronIcon dir="left" />
          </button>
          <span aria-live="polite">
            {t('home.popup.counter', { n: pager.index + 1, count: items.length })}
          </span>
          <button
            type="button"
            className="home-icon-btn"
            aria-label={t('home.popup.next')}
            disabled={!pager.canNext}
            onClick={() => setIndex((i) => turnPage(i, 1, items.length))}
            data-testid="announcement-popup-next"
          >
            <ChevronIcon dir="right" />
          </button>
        </nav>
      )}
    </Dialog>
  );
}
