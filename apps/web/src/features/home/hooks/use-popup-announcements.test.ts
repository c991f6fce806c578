import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { homeAnnouncements } from '../test/home-fixtures';
import { usePopupAnnouncements } from './use-popup-announcements';

const visitor = { loggedIn: false, firstTimeLogin: false };
const stored = () => JSON.parse(localStorage.getItem('popupState') ?? 'null') as unknown;

describe('usePopupAnnouncements', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('HOME-032 the popup list is taken 500 ms after the announcements arrive', () => {
    const list = homeAnnouncements();
    const { result } = renderHook(() => usePopupAnnouncements(list, visitor));
    expect(result.current.items).toEqual([]);
    act(() => {
      vi.advanceTimersByTime(499);
    });
    expect(result.current.items).toEqual([]);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(result.current.items.map((i) => i.title)).toEqual(['Join today']);
  });

  it('HOME-032 a newer list within the 500 ms restarts the wait', () => {
    const first = homeAnnouncements();
    const { result, rerender } = renderHook(({ l }) => usePopupAnnouncements(l, visitor), {
      initialProps: { l: first },
    });
    act(() => {
      vi.advanceTimersByTime(400);
    });
    const second = homeAnnouncements().map((a) => (a.execution === 'B' ? { ...a, title: 'Newer' } : a));
    rerender({ l: second });
    act(() => {
      vi.advanceTimersByTime(400);
    });
    expect(result.current.items).toEqual([]);
    act(() => {
      vi.advanceTimersByTime(100);
    });
    expect(result.current.items.map((i) => i.title)).toEqual(['Newer']);
  });

  it('HOME-027 HOME-033 each group is stored under popupState as {list, show}; close stores show=false', () => {
    const list = homeAnnouncements();
    const { result } = renderHook(() =>
      usePopupAnnouncements(list, { loggedIn: true, firstTimeLogin: true }),
    );
    act(() => {
      vi.advanceTimersByTime(500);
    });
    expect(result.current.items.map((i) => i.title)).toEqual(['Daily rewards', 'First time here?']);
    expect(stored()).toEqual({
      A: { list: [{ title: 'Daily rewards', content: '<p>Daily rewards body</p>' }], show: true },
      F: { list: [{ title: 'First time here?', content: '<p>First time here? body</p>' }], show: true },
    });
    act(() => {
      result.current.close();
    });
    expect(result.current.items).toEqual([]);
    expect(stored()).toMatchObject({ A: { show: false }, F: { show: false } });
  });

  it('HOME-027 closing one group leaves the state of other groups alone', () => {
    localStorage.setItem(
      'popupState',
      JSON.stringify({ A: { list: [{ title: 'x', content: 'y' }], show: true } }),
    );
    const { result } = renderHook(() => usePopupAnnouncements(homeAnnouncements(), visitor));
    act(() => {
      vi.advanceTimersByTime(500);
    });
    act(() => {
      result.current.close();
    });
    expect(stored()).toMatchObject({ A: { show: true }, B: { show: false } });
  });
});
