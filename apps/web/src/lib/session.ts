import { useSyncExternalStore } from 'react';
import { storage } from './storage';

/** Session info kept in browser storage under MC_SESSION_INFO (spec §3). */
export interface SessionInfo {
  token: string;
  merchantCode: string;
  userName: string;
  /** Customer type: 4 is a free-trial account (spec §6). */
  type: number;
  firstTimeLogin: boolean;
}

const listeners = new Set<() => void>();
let cached: { raw: string | null; value: SessionInfo | null } = { raw: null, value: null };

function read(): SessionInfo | null {
  const raw = storage.get('MC_SESSION_INFO');
  if (raw === cached.raw) return cached.value;
  let value: SessionInfo | null = null;
  try {
    const v = raw ? (JSON.parse(raw) as Partial<SessionInfo>) : null;
    if (v && typeof v.token === 'string' && v.token.length > 0 && typeof v.userName === 'string') {
      value = {
        token: v.token,
        merchantCode: String(v.merchantCode ?? ''),
        userName: v.userName,
        type: Number(v.type ?? 0),
        firstTimeLogin: v.firstTimeLogin === true,
      };
    }
  } catch {
    value = null;
  }
  cached = { raw, value };
  return value;
}

const notify = () => listeners.forEach((l) => l());
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    if (e.key === 'MC_SESSION_INFO' || e.key === null) notify();
  });
}

/** The user counts as logged in once a token is stored (spec §4). */
export const session = {
  get: read,
  set(info: SessionInfo) {
    storage.setJson('MC_SESSION_INFO', info);
    notify();
  },
  clear() {
    storage.remove('MC_SESSION_INFO');
    notify();
  },
  subscribe,
};

function subscribe(l: () => void) {
  listeners.add(l);
  return () => {
    listeners.delete(l);
  };
}

/** The current session (null for a visitor), re-rendering on login and logout, also from other tabs. */
export function useSession(): SessionInfo | null {
  return useSyncExternalStore(subscribe, read, () => null);
}
