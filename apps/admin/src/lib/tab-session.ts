import type { Query } from '@panalo/client/http';

// What the two shells' clients share (lib/api.ts, the brand console's; lib/provider-api.ts, the
// provider's): a session token kept for one tab, and filters left empty dropped from the address. Each
// client keeps its own token under its own key, so one tab may hold both and neither sees the other's.

type Listener = () => void;

export interface TabSession {
  token: () => string | null;
  set: (token: string) => void;
  clear: () => void;
  subscribe: (l: Listener) => () => void;
}

/**
 * A bearer token kept in sessionStorage under `key`: closing the tab signs out, and the server ends an
 * idle session on its own. `subscribe` suits `useSyncExternalStore` (the shell shows its sign-in page
 * the moment the token goes).
 */
export function tabSession(key: string): TabSession {
  const listeners = new Set<Listener>();
  return {
    token: () => sessionStorage.getItem(key),
    set: (token) => {
      sessionStorage.setItem(key, token);
      listeners.forEach((l) => l());
    },
    clear: () => {
      if (sessionStorage.getItem(key) === null) return;
      sessionStorage.removeItem(key);
      listeners.forEach((l) => l());
    },
    subscribe: (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
  };
}

/** A query without its '' values: a filter left empty is not set. */
export const withoutEmpty = (query: Query): Query =>
  Object.fromEntries(Object.entries(query).filter(([, v]) => v !== ''));
