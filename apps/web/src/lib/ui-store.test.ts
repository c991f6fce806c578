import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { balanceHidden, createUiFlag, useUiFlag } from './ui-store';

afterEach(() => vi.restoreAllMocks());

describe('ui store', () => {
  it('WALLET-005 balance visibility is persisted under balanceHidden as 1/0', () => {
    expect(balanceHidden.key).toBe('balanceHidden');
    expect(balanceHidden.get()).toBe(false);
    balanceHidden.set(true);
    expect(localStorage.getItem('balanceHidden')).toBe('1');
    expect(balanceHidden.get()).toBe(true);
    balanceHidden.toggle();
    expect(localStorage.getItem('balanceHidden')).toBe('0');
    expect(balanceHidden.get()).toBe(false);
  });

  it('WALLET-005 reads a stored value and falls back when nothing is stored', () => {
    const flag = createUiFlag('someFlag', true);
    expect(flag.get()).toBe(true);
    localStorage.setItem('someFlag', '0');
    expect(flag.get()).toBe(false);
  });

  it('WALLET-007 the hook re-renders on change, including from another tab', () => {
    const flag = createUiFlag('tabFlag');
    const { result } = renderHook(() => useUiFlag(flag));
    expect(result.current).toBe(false);
    act(() => flag.set(true));
    expect(result.current).toBe(true);
    act(() => {
      localStorage.setItem('tabFlag', '0');
      window.dispatchEvent(new StorageEvent('storage', { key: 'tabFlag' }));
    });
    expect(result.current).toBe(false);
  });

  it('WALLET-005 keeps working for the page when storage refuses writes', () => {
    const flag = createUiFlag('brokenFlag');
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new Error('QuotaExceededError');
    });
    flag.set(true);
    expect(flag.get()).toBe(true);
  });
});
