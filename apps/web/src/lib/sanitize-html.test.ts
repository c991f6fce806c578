import { describe, expect, it } from 'vitest';
import { sanitizeNatively } from './sanitize-html';

// The browser's sanitizer itself is exercised in Chromium (e2e/content.spec.ts); here a document whose
// setHTML is a stand-in shows that our stricter policy is applied on top of whatever it returns.
function docWithSetHTML(): Document {
  const doc = document.implementation.createHTMLDocument('t');
  const create = doc.createElement.bind(doc);
  const patched = (tag: string): HTMLElement => {
    const el = create(tag);
    Object.defineProperty(el, 'setHTML', {
      value(this: Element, html: string) {
        this.innerHTML = html;
      },
    });
    return el;
  };
  Object.defineProperty(doc, 'createElement', { value: patched });
  return doc;
}

describe('client-side HTML policy', () => {
  it('returns null where the browser has no native sanitizer (DOMPurify is used instead)', () => {
    expect(sanitizeNatively('<p>x</p>', document.implementation.createHTMLDocument('t'))).toBeNull();
  });

  it('drops frames, forms and embedded SVG, and style/id/name attributes', () => {
    const out = sanitizeNatively(
      '<p id="a" style="position:fixed" name="n">keep</p><iframe src="x"></iframe><form><input></form><svg></svg>',
      docWithSetHTML(),
    );
    expect(out).toBe('<p>keep</p>');
  });

  it('links to other sites open in a new tab with no opener; own links stay in place', () => {
    const doc = docWithSetHTML();
    const out =
      sanitizeNatively(
        '<a href="https://elsewhere.example/x">e</a><a href="/m/help" target="_blank">h</a>',
        doc,
      ) ?? '';
    expect(out).toContain('href="https://elsewhere.example/x" target="_blank" rel="noopener noreferrer"');
    expect(out).toContain('<a href="/m/help" target="_blank" rel="noopener noreferrer">h</a>');
  });
});
