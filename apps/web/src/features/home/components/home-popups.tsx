import { lazy, Suspense } from 'react';
import type { Announcement } from '@panalo/contract/content';
import type { SessionInfo } from '../../../lib/session';
import { usePopupAnnouncements } from '../hooks/use-popup-announcements';

// Loaded only when there is something to show (with DOMPurify behind it).
const AnnouncementPopup = lazy(() => import('./announcement-popup'));

/** Login popups of home: group B for visitors, A (and F on a first login) for members. */
export function HomePopups({
  announcements,
  session,
}: {
  announcements: readonly Announcement[] | undefined;
  session: SessionInfo | null;
}) {
  const { items, close } = usePopupAnnouncements(announcements, {
    loggedIn: session !== null,
    firstTimeLogin: session?.firstTimeLogin === true,
  });
  if (items.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <AnnouncementPopup key={items.map((i) => i.id).join(',')} items={items} onClosed={close} />
    </Suspense>
  );
}
