/**
 * Reads a short text out to screen readers (issue 23): one polite and one assertive live region,
 * visually hidden, made once and kept at the end of the body. The region is emptied first and filled a
 * moment later, so that the same text twice is read twice and a region just made is heard.
 */
const regions = new Map<'polite' | 'assertive', HTMLElement>();
const FILL_DELAY_MS = 50;

export function announce(text: string, urgent = false): void {
  if (typeof document === 'undefined' || !text) return;
  const kind = urgent ? 'assertive' : 'polite';
  let el = regions.get(kind);
  if (!el?.isConnected) {
    el = document.createElement('div');
    el.className = 'visually-hidden';
    el.setAttribute('role', urgent ? 'alert' : 'status');
    el.setAttribute('aria-live', kind);
    el.setAttribute('aria-atomic', 'true');
    el.dataset.testid = `live-${kind}`;
    document.body.appendChild(el);
    regions.set(kind, el);
  }
  const region = el;
  region.textContent = '';
  setTimeout(() => {
    region.textContent = text;
  }, FILL_DELAY_MS);
}
