/** Client storage keys of spec §3 (CONST-013); one place so that logout can clear them. */
export const STORAGE_KEYS = [
  'memberInfo',
  'MC_SESSION_INFO',
  'MC_BankList',
  'autoLogin',
  'autoSass',
  'autoRemPass',
  'language',
  'service_link',
  'lottList',
  'elottList',
  'gameHot',
  'allVasslage',
  'hideDownloadBar',
  'WEBCLIP',
] as const;
export type StorageKey =
  | (typeof STORAGE_KEYS)[number]
  | 'LOTTFAV'
  | 'popupState'
  | 'balanceHidden'
  | 'deviceId'
  | 'inhouseSound'
  | 'homeCategories';

function safe<T>(f: () => T, fallback: T): T {
  try {
    return f();
  } catch {
    return fallback; // storage can be disabled (private mode, quota): behave as empty
  }
}

export const storage = {
  get(key: StorageKey): string | null {
    return safe(() => localStorage.getItem(key), null);
  },
  set(key: StorageKey, value: string): void {
    safe(() => localStorage.setItem(key, value), undefined);
  },
  remove(key: StorageKey): void {
    safe(() => localStorage.removeItem(key), undefined);
  },
  getJson<T>(key: StorageKey): T | null {
    const raw = storage.get(key);
    if (raw === null) return null;
    return safe(() => JSON.parse(raw) as T, null);
  },
  setJson(key: StorageKey, value: unknown): void {
    storage.set(key, JSON.stringify(value));
  },
};
