import { useEffect, useState } from 'react';

/**
 * Operator HTML made safe in the browser (the server sanitises first; this is the second wall, so it
 * must hold on its own). Where the browser has the HTML Sanitizer API (Element.setHTML, e.g. current
 * Chromium) its safe default is used; elsewhere DOMPurify is loaded on first use. On top of either, our
 * stricter policy: no forms, frames, embedded SVG/MathML, no style/id/name attributes, and links to
 * other sites open in a new tab without a handle on this page.
 */

const FORBID_TAGS = [
  'style',
  'form',
  'input',
  'button',
  'textarea',
  'select',
  'iframe',
  'object',
  'embed',
  'svg',
  'math',
];
const FORBID_ATTR = ['style', 'id', 'name'];

interface WithSetHTML {
  setHTML?: (html: string) => void;
}

function applyPolicy(root: Element, origin: string): void {
  root.querySelectorAll(FORBID_TAGS.join(',')).forEach((n) => n.remove());
  root.querySelectorAll('*').forEach((el) => FORBID_ATTR.forEach((a) => el.removeAttribute(a)));
  root.querySelectorAll('a').forEach((a) => {
    const href = a.getAttribute('href') ?? '';
    let external = false;
    try {
      external = /^https?:\/\//i.test(href) && new URL(href).origin !== origin;
    } catch {
      a.removeAttribute('href');
    }
    if (external) a.setAttribute('target', '_blank');
    if (a.getAttribute('target') === '_blank') a.setAttribute('rel', 'noopener noreferrer');
    else a.removeAttribute('target');
  });
}

/** Synchronous sanitising with the browser's own sanitizer; null where the browser has none. */
export function sanitizeNatively(html: string, doc: Document = document): string | null {
  const host = doc.createElement('div') as HTMLDivElement & WithSetHTML;
  if (typeof host.setHTML !== 'function') return null;
  host.setHTML(html);
  applyPolicy(host, doc.location?.origin ?? '');
  return host.innerHTML;
}

let purifyLoad: Promise<(html: string) => string> | undefined;
function loadPurify(): Promise<(html: string) => string> {
  purifyLoad ??= import('dompurify').then(({ default: DOMPurify }) => {
    const purify = DOMPurify(window);
    return (html: string) => {
      const body = purify.sanitize(html, {
        RETURN_DOM: true,
        FORBID_TAGS,
        FORBID_ATTR,
      }) as unknown as HTMLElement;
      applyPolicy(body, window.location.origin);
      return body.innerHTML;
    };
  });
  return purifyLoad;
}

/** Sanitises operator HTML (native sanitizer, else DOMPurify loaded on demand). */
export async function sanitizeHtml(html: string): Promise<string> {
  return sanitizeNatively(html) ?? (await loadPurify())(html);
}

/** The HTML made safe; null until it is (only while DOMPurify loads, on browsers without setHTML). */
export function useSanitizedHtml(html: string): string | null {
  const [native] = useState(
    () => typeof (document.createElement('div') as WithSetHTML).setHTML === 'function',
  );
  const [done, setDone] = useState<{ src: string; safe: string } | null>(null);
  useEffect(() => {
    if (native) return;
    let live = true;
    void loadPurify().then((purify) => {
      if (live) setDone({ src: html, safe: purify(html) });
    });
    return () => {
      live = false;
    };
  }, [html, native]);
  if (native) return sanitizeNatively(html);
  return done && done.src === html ? done.safe : null;
}
