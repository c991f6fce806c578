import { describe, expect, it } from 'vitest';
import { sanitizeContentHtml as clean } from './sanitize';

describe('sanitizeContentHtml', () => {
  it('removes <script> and <style> elements with their text', () => {
    expect(clean('<p>Hi<script>alert(1)</script></p><style>body{display:none}</style>')).toBe('<p>Hi</p>');
  });

  it('removes event-handler attributes such as onerror and onclick', () => {
    expect(clean('<img src="/img/a.png" onerror="alert(1)">')).toBe('<img src="/img/a.png" />');
    expect(clean('<td onclick="x()">1</td>')).not.toContain('onclick');
  });

  it('removes javascript: links, including disguised ones', () => {
    for (const href of ['javascript:alert(1)', ' JaVaScRiPt:alert(1)', 'java&#x09;script:alert(1)']) {
      const out = clean(`<a href="${href}">x</a>`);
      expect(out).not.toMatch(/href|javascript/i);
      expect(out).toContain('>x</a>');
    }
  });

  it('removes style attributes (content cannot overlay the page)', () => {
    expect(clean('<p style="position:fixed;inset:0">x</p>')).toBe('<p>x</p>');
  });

  it('removes frames, forms, svg, data: and protocol-relative images', () => {
    expect(clean('<iframe src="https://x.example"></iframe><form><input></form>')).toBe('');
    expect(clean('<svg onload="alert(1)"><circle /></svg>')).toBe('');
    expect(clean('<img src="data:image/png;base64,AAAA">')).toBe('<img />');
    expect(clean('<img src="//evil.example/a.png">')).toBe('<img />');
  });

  it('keeps safe markup: headings, lists, emphasis, tables, images and http(s)/relative links', () => {
    const safe =
      '<h3>Title</h3><p><b>bold</b> <em>em</em></p><ul><li>one</li></ul>' +
      '<table><tbody><tr><td colspan="2">1</td></tr></tbody></table><img src="https://cdn.example/a.png" alt="a" />';
    expect(clean(safe)).toBe(safe);
    expect(clean('<a href="/m/activity">go</a>')).toBe(
      '<a href="/m/activity" rel="noopener noreferrer">go</a>',
    );
    expect(clean('<a href="tel:+639171234567">call</a>')).toContain('href="tel:+639171234567"');
  });

  it('links always get rel=noopener; only target=_blank survives', () => {
    expect(clean('<a href="https://x.example" target="_blank" rel="opener">x</a>')).toBe(
      '<a href="https://x.example" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(clean('<a href="https://x.example" target="_top">x</a>')).toBe(
      '<a href="https://x.example" rel="noopener noreferrer">x</a>',
    );
  });

  it('keeps only the styled class vocabulary', () => {
    expect(clean('<p class="note page-container lazy-placeholder">x</p>')).toBe('<p class="note">x</p>');
  });
});
