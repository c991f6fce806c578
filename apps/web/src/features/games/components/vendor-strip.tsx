import { useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import type { GameVendor } from '@panalo/contract/games';
import { useSite } from '../../../app/site';
import { movePage, pageOf, stripLayout, VENDOR_STRIP_GAP_PX } from '../rules/vendor-strip';
import { ChevronIcon } from './icons';

const SWIPE_PX = 40;

/**
 * GAMES-014..018: All plus the category's vendors, 4 to a page with arrows and swipe when there is more
 * than one vendor; choosing one sets the vendor filter (GAMES-048).
 */
export function VendorStrip({
  vendors,
  selected,
  onChoose,
}: {
  vendors: readonly GameVendor[];
  selected: string | undefined;
  onChoose: (vendor: GameVendor | null) => void;
}) {
  const { t } = useTranslation();
  const site = useSite();
  const layout = stripLayout(vendors.map((v) => v.vassalage));
  const [page, setPage] = useState(() => pageOf(layout, selected));
  const touchX = useRef<number | null>(null);
  const count = layout.pages.length;
  const current = Math.min(page, count - 1);
  const items = layout.pages[current] ?? [];
  const go = (delta: -1 | 1) => setPage(movePage(current, delta, count));

  return (
    <div className="vendor-strip" data-testid="vendor-strip" data-paged={layout.paged}>
      {layout.paged && (
        <button
          type="button"
          className="vendor-strip__arrow"
          aria-label={t('games.vendors.prev')}
          disabled={current === 0}
          onClick={() => go(-1)}
          data-testid="vendor-strip-prev"
        >
          <ChevronIcon dir="left" />
        </button>
      )}
      <ul
        className="vendor-strip__items"
        aria-label={t('games.vendors.label')}
        style={{ gap: `${VENDOR_STRIP_GAP_PX}px` }}
        data-testid="vendor-strip-items"
        onTouchStart={(e) => {
          touchX.current = e.touches[0]?.clientX ?? null;
        }}
        onTouchEnd={(e) => {
          const start = touchX.current;
          const end = e.changedTouches[0]?.clientX;
          touchX.current = null;
          if (!layout.paged || start === null || end === undefined || Math.abs(end - start) < SWIPE_PX)
            return;
          go(end < start ? 1 : -1);
        }}
      >
        {items.map((code) => {
          const v = code === null ? undefined : vendors.find((x) => x.vassalage === code);
          return (
            <li key={code ?? '*'}>
              <button
                type="button"
                className="vendor-strip__item"
                aria-pressed={(code ?? undefined) === selected}
                data-testid={`vendor-${code ?? 'ALL'}`}
                onClick={() => onChoose(v ?? null)}
              >
                {v ? (
                  <>
                    <img src={site.img(v.mobileSmallIcon)} alt="" width={28} height={28} decoding="async" />
                    <span className="vendor-strip__name">{v.name}</span>
                  </>
                ) : (
                  <span className="vendor-strip__name">{t('games.vendors.all')}</span>
                )}
              </button>
            </li>
          );
        })}
      </ul>
      {layout.paged && (
        <button
          type="button"
          className="vendor-strip__arrow"
          aria-label={t('games.vendors.next')}
          disabled={current >= count - 1}
          onClick={() => go(1)}
          data-testid="vendor-strip-next"
        >
          <ChevronIcon dir="right" />
        </button>
      )}
    </div>
  );
}
