import { beforeEach, describe, expect, it, vi } from 'vitest';

// antd-mobile's Toast is the outside edge here: the test checks what our wrapper asks of it.
const Toast = vi.hoisted(() => ({ show: vi.fn(), clear: vi.fn() }));
vi.mock('antd-mobile/es/components/toast', () => ({ default: Toast }));

import { TOAST_MS, toast } from './toast';

describe('toast durations (spec §9)', () => {
  beforeEach(() => {
    Toast.show.mockClear();
    Toast.clear.mockClear();
  });

  it('ERR-022 success toasts last 1.5 s', () => {
    expect(TOAST_MS.success).toBe(1500);
  });

  it('ERR-023 success toasts in change password and set password last 1 s', () => {
    expect(TOAST_MS.successPassword).toBe(1000);
  });

  it('ERR-012 a sent SMS message lasts 1.5 s or 1 s', () => {
    expect([TOAST_MS.success, TOAST_MS.successPassword]).toEqual([1500, 1000]);
  });

  it('ERR-024 SMS and test-play loading toasts last up to 9999 s', () => {
    expect(TOAST_MS.untilDone).toBe(9999 * 1000);
  });

  it('ERR-025 the default notice toast lasts 1.5 s', () => {
    expect(TOAST_MS.notice).toBe(1500);
  });

  it('ERR-028 info toasts last 2 s', () => {
    expect(TOAST_MS.info).toBe(2000);
  });

  it('ERR-029 the game launch loading toast lasts 3 s', () => {
    expect(TOAST_MS.launchLoading).toBe(3000);
  });

  it('ERR-010 the logout loading message lasts 10 s', () => {
    expect(TOAST_MS.logoutLoading).toBe(10_000);
  });

  it('ERR-025 a toast without a duration uses the 1.5 s notice', async () => {
    await toast.show('hello');
    expect(Toast.show).toHaveBeenCalledWith({ content: 'hello', duration: 1500, maskClickable: true });
  });

  it('ERR-010 a loading toast passes its duration and blocks the mask until done', async () => {
    await toast.show('please wait', TOAST_MS.logoutLoading, 'loading');
    expect(Toast.show).toHaveBeenCalledWith({
      content: 'please wait',
      duration: 10_000,
      icon: 'loading',
      maskClickable: false,
    });
    await toast.clear();
    expect(Toast.clear).toHaveBeenCalledTimes(1);
  });
});

describe('toast order', () => {
  it('show and clear run in the order they were asked, even while the UI kit loads', async () => {
    const { toast } = await import('./toast');
    const calls: string[] = [];
    const antd = await import('antd-mobile/es/components/toast');
    const showSpy = vi.spyOn(antd.default, 'show').mockImplementation((p) => {
      calls.push(`show:${typeof p === 'string' ? p : typeof p.content === 'string' ? p.content : '?'}`);
      return { close: () => {} };
    });
    const clearSpy = vi.spyOn(antd.default, 'clear').mockImplementation(() => calls.push('clear'));
    void toast.show('please wait', 9_999_000, 'loading');
    void toast.clear();
    await toast.show('done', 1000);
    expect(calls).toEqual(['show:please wait', 'clear', 'show:done']);
    showSpy.mockRestore();
    clearSpy.mockRestore();
  });
});

describe('toasts are read out (issue 23)', () => {
  it('a toast’s text reaches a polite live region; a failure an assertive one; the same text twice is read twice', async () => {
    vi.useFakeTimers();
    try {
      void toast.show('Saved', TOAST_MS.success, 'success');
      await vi.advanceTimersByTimeAsync(100);
      const polite = document.querySelector('[data-testid="live-polite"]')!;
      expect([polite.getAttribute('role'), polite.getAttribute('aria-live'), polite.textContent]).toEqual([
        'status',
        'polite',
        'Saved',
      ]);
      void toast.show('Saved', TOAST_MS.success, 'success');
      expect(polite.textContent).toBe('');
      await vi.advanceTimersByTimeAsync(100);
      expect(polite.textContent).toBe('Saved');
      void toast.show('Wrong password', TOAST_MS.notice, 'fail');
      await vi.advanceTimersByTimeAsync(100);
      const urgent = document.querySelector('[data-testid="live-assertive"]')!;
      expect([urgent.getAttribute('role'), urgent.textContent]).toEqual(['alert', 'Wrong password']);
    } finally {
      vi.useRealTimers();
    }
  });
});
