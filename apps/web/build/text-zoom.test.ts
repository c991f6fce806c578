import postcss from 'postcss';
import { describe, expect, it } from 'vitest';
import { pxToRem, textZoom } from './text-zoom';

describe('text sizes follow the reader’s text setting', () => {
  it('rewrites px text sizes into rem (16 px = 1 rem) and leaves other lengths in px', async () => {
    const css = `
      .a { font-size: 13px; line-height: 18px; width: 320px; padding: 4px 8px; }
      .b { font: bold 12px/16px sans-serif; letter-spacing: 0.5px; border: 1px solid red; }
      :root { --adm-font-size-5: 13px; --p-gap: 12px; --hero-font-size: 24px; }
      .c { font-size: inherit; line-height: 1.4; font-size: 1.125rem; }
    `;
    const out = (await postcss([textZoom()]).process(css, { from: undefined })).css;
    expect(out).toContain('font-size: 0.8125rem; line-height: 1.125rem; width: 320px; padding: 4px 8px;');
    expect(out).toContain(
      'font: bold 0.75rem/1rem sans-serif; letter-spacing: 0.0313rem; border: 1px solid red;',
    );
    expect(out).toContain('--adm-font-size-5: 0.8125rem; --p-gap: 12px; --hero-font-size: 1.5rem;');
    expect(out).toContain('font-size: inherit; line-height: 1.4; font-size: 1.125rem;');
  });

  it('keeps numbers that are not px lengths', () => {
    expect(pxToRem('calc(100% - 10px)')).toBe('calc(100% - 0.625rem)');
    expect(pxToRem('0px')).toBe('0');
    expect(pxToRem('var(--x, 14px)')).toBe('var(--x, 0.875rem)');
    expect(pxToRem('12pxx')).toBe('12pxx');
  });
});
