import { useSyncExternalStore } from 'react';

/**
 * UI-only state that outlives a page (DESIGN "Web": server state lives in TanStack Query, UI state in a
 * small persisted store). Each flag is one localStorage key holding '1' or '0', shared across tabs.
 *
 * Keys: `balanceHidden` ('1' while the header balance shows stars, spec §4 "Balance display").
 */
export interface UiFlag {
  readonly key: string;
  get: () => boolean;
  set: (value: boolean) => void;
  toggle: () => void;
  subscribe: (listener: () => void) => () => void;
}

function readKey(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null; // storage disabled (private mode): behave as unset
  }
}

function writeKey(key: string, value: string): boolean {
  try {
    localStorage.setItem(key, value);
    return true;
  } catch {
    return false;
  }
}

/** A boolean persisted under `key`; `fallback` applies while nothing is stored. */
export function createUiFlag(key: string, fallback = false): UiFlag {
  const listeners = new Set<() => void>();
  // Used only when storage refuses writes, so that the flag still works for this page.
  let memory: boolean | null = null;
  const notify = () => listeners.forEach((l) => l());
  const get = () => {
    const raw = readKey(key);
    if (raw === '1') return true;
    if (raw === '0') return false;
    return memory ?? fallback;
  };
  const set = (value: boolean) => {
    memory = writeKey(key, value ? '1' : '0') ? null : value;
    notify();
  };
  if (typeof window !== 'undefined') {
    window.addEventListener('storage', (e) => {
      if (e.key === key || e.key === null) notify();
    });
  }
  return {
    key,
    get,
    set,
    toggle: () => set(!get()),
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

/** Header balance shown as stars (menu "hide balance", spec §4). */
export const balanceHidden = createUiFlag('balanceHidden');

/** The flag's value, re-rendering when it changes here or in another tab. */
export function useUiFlag(flag: UiFlag): boolean {
  return useSyncExternalStore(flag.subscribe, flag.get, flag.get);
}
