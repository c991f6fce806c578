import { afterEach, describe, expect, it, vi } from 'vitest';
import { announce } from './announce';
import { toast } from './toast';

afterEach(() => vi.useRealTimers());

const region = () => document.querySelector<HTMLElement>('[data-testid="live-announcer"]');

describe('the live region', () => {
  it('reads out what it is given, through one polite status region, the same text twice too', () => {
    vi.useFakeTimers();
    announce('Bet placed');
    vi.advanceTimersByTime(60);
    const el = region();
    expect(el?.getAttribute('aria-live')).toBe('polite');
    expect(el?.getAttribute('role')).toBe('status');
    expect(el?.textContent).toBe('Bet placed');
    announce('Bet placed');
    expect(el?.textContent).toBe('');
    vi.advanceTimersByTime(60);
    expect(el?.textContent).toBe('Bet placed');
    expect(document.querySelectorAll('[data-testid="live-announcer"]')).toHaveLength(1);
  });

  it('every toast is also announced', async () => {
    await toast.show('Saved', 10);
    await vi.waitFor(() => expect(region()?.textContent).toBe('Saved'));
  });
});
