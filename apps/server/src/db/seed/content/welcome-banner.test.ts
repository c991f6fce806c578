import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAmount } from '@panalo/contract/money';
import { repoRoot } from '../../../config';
import type { DatabaseHandle } from '../../database';
import { merchantsRepository } from '../../../modules/merchants/merchants.repository';
import { loadFigures } from '../../../modules/promotions/promotion-figures';
import { openTestDatabase } from '../../../test-support/test-db';
import { demoMerchants } from '../merchants.seed';
import { brandOf } from './types';

// The welcome banner's picture is drawn, not filled in like its text: its figures are checked here
// against the promotion the seed writes, read through the same helper that fills the served texts.

const bannersDir = path.join(repoRoot, 'apps/server/assets/img/banners');
const welcomeSvgs = readdirSync(bannersDir).filter((f) => f.endsWith('-welcome.svg'));

/** The text of each `<text>` element, entities decoded. */
function svgTexts(svg: string): string[] {
  return [...svg.matchAll(/<text\b[^>]*>([\s\S]*?)<\/text>/g)].map((m) =>
    m[1]!
      .replace(/<[^>]*>/g, '')
      .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
      .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&apos;/g, "'")
      .replace(/&amp;/g, '&')
      .trim(),
  );
}

const PERCENT = /\d+(?:\.\d+)?\s*%/g;
/** A money amount as people read it: ₱2,000 or ₱2,000.00, PHP 2,000. */
const AMOUNT = /(?:₱|PHP)\s*\d[\d,]*(?:\.\d+)?/g;
/** Minor units of an amount written with a symbol and grouping ('₱2,000' and '₱2,000.00' are equal). */
const minorOf = (written: string) => parseAmount(written.replace(/^\D+/, '').replace(/,/g, ''));
const symbolOf = (written: string) => /^\D*/.exec(written)![0].trim();

/** The 'sha256:<hex>' that scripts/render-art.mjs appends to a WebP as its 'SVGS' chunk, if any. */
function renderedFrom(webp: Buffer): string | null {
  for (let at = 12; at + 8 <= webp.length;) {
    const size = webp.readUInt32LE(at + 4);
    if (webp.toString('ascii', at, at + 4) === 'SVGS') return webp.toString('ascii', at + 8, at + 8 + size);
    at += 8 + size + (size & 1);
  }
  return null;
}

describe('#49 item 1: the welcome banner picture promises what the seeded promotion pays', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openTestDatabase();
  });
  afterAll(() => handle.close());

  it('each demo brand has a welcome banner (the seed shows banners/<code>-welcome.webp)', () => {
    for (const m of demoMerchants) expect(welcomeSvgs).toContain(`${m.code}-welcome.svg`);
  });

  it.each(welcomeSvgs)(
    '%s: a brand running the welcome offer shows its percent and cap; one without shows no figure',
    async (file) => {
      const code = file.replace(/-welcome\.svg$/, '');
      const merchant = await merchantsRepository(handle.db).findByCode(code);
      expect(merchant, `merchant ${code}`).toBeDefined();
      const figures = (
        await loadFigures(handle.db, merchant!.id, ['{{promotion:FIRST-DEPOSIT-100.percent}}'])
      ).get('FIRST-DEPOSIT-100');
      // The brand's content and its seeded promotions agree on whether it runs the offer.
      expect(figures !== undefined, `${code} seeds FIRST-DEPOSIT-100`).toBe(brandOf(code).welcomeOffer);

      const text = svgTexts(readFileSync(path.join(bannersDir, file), 'utf8')).join('\n');
      const percents = text.match(PERCENT) ?? [];
      const amounts = text.match(AMOUNT) ?? [];
      if (figures) {
        expect(percents.length, `${file} names the percent`).toBeGreaterThan(0);
        expect(new Set(percents)).toEqual(new Set([figures.percent]));
        expect(amounts.length, `${file} names the cap`).toBeGreaterThan(0);
        expect(minorOf(figures.max!), figures.max).not.toBeNull();
        for (const amount of amounts) {
          expect(symbolOf(amount), amount).toBe(symbolOf(figures.max!));
          expect(minorOf(amount), `${amount} vs ${figures.max}`).toBe(minorOf(figures.max!));
        }
      } else {
        expect(text).not.toContain('%');
        expect(amounts).toEqual([]);
      }
    },
  );

  it.each(welcomeSvgs)('%s: the served WebP was rendered from this SVG', (file) => {
    const svg = readFileSync(path.join(bannersDir, file), 'utf8').replace(/\r\n/g, '\n');
    const webp = readFileSync(path.join(bannersDir, file.replace(/\.svg$/, '.webp')));
    expect(
      renderedFrom(webp),
      `re-render it: node scripts/render-art.mjs apps/server/assets/img/banners/${file}`,
    ).toBe(`sha256:${createHash('sha256').update(svg, 'utf8').digest('hex')}`);
  });
});
