import { useCallback, useMemo } from 'react';
import { useNavigate } from 'react-router';
import { useHomeAnnouncements } from '../api/get-home-announcements';
import { bannersOf, bannerTarget } from '../rules/home-content';
import { BannerCarousel, type Banner } from './banner-carousel';
import { SectionError, Skeleton } from './section-state';

/** The banner handler (HOME-009): the app's own /m/ paths open in place, other links in a new tab. */
export function useBannerTap(): (banner: Banner) => void {
  const navigate = useNavigate();
  return useCallback(
    (banner: Banner) => {
      const target = bannerTarget(banner.linkUrl);
      if (!target) return;
      if (target.kind === 'internal') void navigate(target.to);
      else window.open(target.href, '_blank', 'noopener,noreferrer');
    },
    [navigate],
  );
}

/**
 * Home's banner block: the layout may render it as its extra banner block on home (spec §2 Layout);
 * until it does, HomeScreen renders it. It shares the announcements query with the rest of home.
 */
export function HomeBannerBlock() {
  const q = useHomeAnnouncements();
  const onBannerTap = useBannerTap();
  const banners = useMemo(() => bannersOf(q.data ?? []), [q.data]);
  if (q.isPending) return <Skeleton className="banner banner--skeleton" testId="banner-loading" />;
  if (!q.data) return <SectionError testId="banner-error" onRetry={() => void q.refetch()} />;
  if (banners.length === 0) return null;
  return <BannerCarousel key={banners.length} banners={banners} onBannerTap={onBannerTap} />;
}
