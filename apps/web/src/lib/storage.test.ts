import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS, storage } from './storage';

describe('client storage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('CONST-013 the storage keys are exactly those of spec §3', () => {
    expect([...STORAGE_KEYS]).toEqual([
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
    ]);
  });

  it('CONST-013 values round-trip under the spec key names, JSON included', () => {
    storage.set('language', 'EN');
    expect(localStorage.getItem('language')).toBe('EN');
    storage.setJson('LOTTFAV', { ana: ['1', '2'] });
    expect(storage.getJson<Record<string, string[]>>('LOTTFAV')).toEqual({ ana: ['1', '2'] });
    storage.remove('language');
    expect(storage.get('language')).toBeNull();
  });

  it('a corrupt JSON value reads as missing', () => {
    localStorage.setItem('memberInfo', '{not json');
    expect(storage.getJson('memberInfo')).toBeNull();
  });

  it('storage that throws on every call (quota, private mode) behaves as empty', () => {
    const boom = () => {
      throw new DOMException('denied', 'SecurityError');
    };
    vi.stubGlobal('localStorage', { getItem: boom, setItem: boom, removeItem: boom, clear: boom });
    expect(() => storage.set('language', 'EN')).not.toThrow();
    expect(storage.get('language')).toBeNull();
    expect(storage.getJson('memberInfo')).toBeNull();
    expect(() => storage.remove('language')).not.toThrow();
  });

  it('storage whose very access throws (cookies blocked) behaves as empty', () => {
    const original = Object.getOwnPropertyDescriptor(globalThis, 'localStorage');
    Object.defineProperty(globalThis, 'localStorage', {
      configurable: true,
      get() {
        throw new DOMException('blocked', 'SecurityError');
      },
    });
    try {
      expect(() => localStorage.length).toThrow();
      expect(storage.get('hideDownloadBar')).toBeNull();
      expect(() => storage.setJson('memberInfo', { id: 1 })).not.toThrow();
    } finally {
      if (original) Object.defineProperty(globalThis, 'localStorage', original);
    }
  });
});
