import { useEffect, useState, type ComponentType } from 'react';
import { isStaffType, isTrialType } from '@panalo/contract/member-types';
import { useSession } from '../../../lib/session';

/** How long after the page settles the reality check's code is fetched (it is never on the first paint). */
const LOAD_AFTER_MS = 2_000;

/**
 * Mounted by the layout on every page: for a signed-in real member it loads the reality check
 * (issue 22) a moment after the page has settled, so that the first screen never carries its code.
 */
export function RealityCheckHost() {
  const s = useSession();
  const real = s !== null && !isTrialType(s.type) && !isStaffType(s.type);
  const [Popup, setPopup] = useState<ComponentType | null>(null);
  useEffect(() => {
    if (!real || Popup) return;
    const id = setTimeout(() => {
      void import('./reality-check-popup').then((m) => setPopup(() => m.RealityCheckPopup));
    }, LOAD_AFTER_MS);
    return () => clearTimeout(id);
  }, [real, Popup]);
  return real && Popup ? <Popup /> : null;
}
