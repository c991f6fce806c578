import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { useSession } from '../../../lib/session';
import { useHotMatches } from '../api/get-hot-matches';
import { HotMatchStrip } from './hot-match-strip';
import { SectionError, Skeleton } from './section-state';

// The pop-up is loaded when it is first opened, not with home.
const HotMatchPopup = lazy(() => import('./hot-match-popup'));

/** The hot-match strip with its pop-up; hidden when there are no matches. */
export function HotMatchSection() {
  const { t } = useTranslation();
  const q = useHotMatches();
  const session = useSession();
  const [open, setOpen] = useState(false);
  // While loading, the title and a strip-sized placeholder: the same height as the loaded section.
  if (q.isPending)
    return (
      <section className="hot-match" aria-label={t('home.hotMatch.title')}>
        <h2 className="home-section-title">{t('home.hotMatch.title')}</h2>
        <Skeleton className="hot-match__strip hot-match--skeleton" testId="hot-match-loading" />
      </section>
    );
  if (!q.data) return <SectionError testId="hot-match-error" onRetry={() => void q.refetch()} />;
  if (q.data.length === 0) return null;
  return (
    <section className="hot-match" aria-label={t('home.hotMatch.title')}>
      <h2 className="home-section-title">{t('home.hotMatch.title')}</h2>
      <HotMatchStrip key={q.data.length} matches={q.data} onOpen={() => setOpen(true)} />
      {open && (
        <Suspense fallback={null}>
          <HotMatchPopup matches={q.data} loggedIn={session !== null} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </section>
  );
}
