/**
 * One polite live region for the whole page: what it is given is read out by screen readers (a toast, a
 * bet placed, a refusal). Toasts of the UI kit are not announced by themselves, so every toast comes here
 * too. The text is set after a clear, so the same message twice is read twice.
 */
let region: HTMLElement | null = null;

function liveRegion(doc: Document): HTMLElement {
  if (region && doc.body.contains(region)) return region;
  region = doc.createElement('div');
  region.setAttribute('role', 'status');
  region.setAttribute('aria-live', 'polite');
  region.setAttribute('aria-atomic', 'true');
  region.dataset.testid = 'live-announcer';
  // Visually hidden, still read (the usual clip pattern).
  Object.assign(region.style, {
    position: 'absolute',
    width: '1px',
    height: '1px',
    margin: '-1px',
    padding: '0',
    overflow: 'hidden',
    clip: 'rect(0 0 0 0)',
    whiteSpace: 'nowrap',
    border: '0',
  });
  doc.body.appendChild(region);
  return region;
}

export function announce(text: string, doc: Document = document): void {
  const el = liveRegion(doc);
  el.textContent = '';
  setTimeout(() => {
    el.textContent = text;
  }, 50);
}
