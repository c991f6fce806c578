import { useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import type { Announcement } from '@panalo/contract/content';
import { useSite } from '../../../app/site';
import { useCarousel } from '../hooks/use-carousel';
import { bannerCarouselConfig } from '../rules/carousel';
import '../banner.css';

export type Banner = Pick<Announcement, 'id' | 'title' | 'linkUrl'> & { url: string };

/** Intrinsic banner size: the slot keeps its 5:2 shape before the image arrives. */
const BANNER_W = 750;
const BANNER_H = 300;

function BannerImage({ src, alt, first }: { src: string; alt: string; first: boolean }) {
  const [broken, setBroken] = useState(false);
  if (broken) return <span className="banner__fallback">{alt}</span>;
  return (
    <img
      src={src}
      alt={alt}
      width={BANNER_W}
      height={BANNER_H}
      loading={first ? 'eager' : 'lazy'}
      fetchPriority={first ? 'high' : 'auto'}
      decoding="async"
      draggable={false}
      onError={() => setBroken(true)}
    />
  );
}

/**
 * Banner slideshow (HOME-008..014): loops, auto-advances every 5 s and shows dots only with more than
 * one banner; swipe to move; a tap hands the banner to `onBannerTap`. Mount with `key={banners.length}`.
 */
export function BannerCarousel({
  banners,
  onBannerTap,
}: {
  banners: readonly Banner[];
  onBannerTap: (banner: Banner) => void;
}) {
  const { t } = useTranslation();
  const site = useSite();
  const count = banners.length;
  const cfg = bannerCarouselConfig(count);
  const c = useCarousel(count, cfg);
  const last = banners[count - 1];
  const firstBanner = banners[0];
  const slides =
    cfg.loop && last && firstBanner
      ? [
          { b: last, real: count - 1, clone: true },
          ...banners.map((b, real) => ({ b, real, clone: false })),
        ].concat({ b: firstBanner, real: 0, clone: true })
      : banners.map((b, real) => ({ b, real, clone: false }));

  return (
    <section
      className="banner"
      aria-roledescription="carousel"
      aria-label={t('home.banner.label')}
      data-testid="banner-carousel"
      data-active-index={c.active}
      data-autoplay={cfg.autoplay}
      {...c.handlers}
    >
      <div className="banner__viewport">
        <div className="banner__track" style={c.trackStyle}>
          {slides.map(({ b, real, clone }, i) => {
            const current = !clone && real === c.active;
            return (
              <div
                key={clone ? `clone-${i}` : b.id}
                className="banner__slide"
                role={clone ? undefined : 'group'}
                aria-roledescription={clone ? undefined : 'slide'}
                aria-label={clone ? undefined : t('home.banner.slide', { n: real + 1, count })}
                aria-hidden={current ? undefined : true}
                data-testid={clone ? undefined : 'banner-slide'}
              >
                <button
                  type="button"
                  className="banner__button"
                  tabIndex={current ? 0 : -1}
                  onClick={() => {
                    if (!c.consumeSwipe()) onBannerTap(b);
                  }}
                >
                  <BannerImage src={site.img(b.url)} alt={b.title} first={!clone && real === 0} />
                </button>
              </div>
            );
          })}
        </div>
      </div>
      {cfg.dots && (
        <div className="banner__dots" data-testid="banner-dots">
          {banners.map((b, i) => (
            <button
              key={b.id}
              type="button"
              className="banner__dot"
              aria-label={t('home.banner.goTo', { n: i + 1, count })}
              aria-current={i === c.active ? 'true' : undefined}
              onClick={() => c.goTo(i)}
            />
          ))}
        </div>
      )}
    </section>
  );
}
