import { afterEach, describe, expect, it, vi } from 'vitest';
import { goToPaymentPage } from './redirect';

afterEach(() => vi.restoreAllMocks());

describe('goToPaymentPage', () => {
  it('follows http(s) addresses of the payment provider', () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    expect(goToPaymentPage('https://pay.example/p/1', 'http://localhost/m/voucherCenter')).toBe(true);
    expect(assign).toHaveBeenCalledWith('https://pay.example/p/1');
  });

  it('refuses script and data addresses', () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    for (const bad of ['javascript:alert(1)', 'data:text/html,x', 'http://[bad'])
      expect(goToPaymentPage(bad, 'http://localhost/'), bad).toBe(false);
    expect(assign).not.toHaveBeenCalled();
  });
});
