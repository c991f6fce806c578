/**
 * Leaves the site for the payment provider's hosted page. Only http(s) addresses are followed, so a
 * tampered answer cannot run script in our origin (javascript:, data:). Returns false when refused.
 */
export function goToPaymentPage(url: string, base: string = window.location.href): boolean {
  let target: URL;
  try {
    target = new URL(url, base);
  } catch {
    return false;
  }
  if (target.protocol !== 'https:' && target.protocol !== 'http:') return false;
  window.location.assign(target.href);
  return true;
}
