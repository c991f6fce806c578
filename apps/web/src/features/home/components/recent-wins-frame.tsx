import type { ReactNode } from 'react';
import { useTranslation } from '../../../i18n/react';

/**
 * The recent-wins section with its heading; the list, its state or its placeholder goes inside. Home
 * draws it before the feed's code has loaded (so a screen reader finds the section), and the feed
 * draws it around its list.
 */
export function RecentWinsFrame({ testId, children }: { testId: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <section className="recent-wins" aria-labelledby="home-wins-title" data-testid={testId}>
      <h2 id="home-wins-title" className="home-section-title">
        {t('home.wins.title')}
      </h2>
      {children}
    </section>
  );
}
