import { createContext, useContext } from 'react';

/**
 * Whether this build has a screen at a path. Entries that lead to a screen still to be built (the
 * promotions' routes of the member centre) are hidden rather than leading to the not-found screen. The
 * router provides the real answer; without it (a screen tested alone) every path counts as known.
 */
export const KnownRoutesContext = createContext<(path: string) => boolean>(() => true);

export const useKnownRoute = () => useContext(KnownRoutesContext);
