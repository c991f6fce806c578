import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROMOTION_KINDS } from '@panalo/contract/promotion-rules';
import type { PromotionItem } from '@panalo/contract/promotions';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { renderPromotionArt } from './promotion-art';

// Issue 49 item 6: the activity centre's banners, painted per promotion from its kind, figure and the
// brand's colours, cached for good under a version that changes with them.

describe('promotion banners', () => {
  it('each kind has its own motif; the figure is written on it, escaped; the banner stays small', () => {
    const art = (kind: (typeof PROMOTION_KINDS)[number], headline: string | null = null) =>
      renderPromotionArt({ kind, headline, primary: '#0f8a5f', accent: '#f5b700', key: `${kind}:1` });
    const motifs = PROMOTION_KINDS.map((k) => art(k).replace(/<circle[^>]*opacity[^>]*\/>/g, ''));
    expect(new Set(motifs).size).toBe(PROMOTION_KINDS.length);
    expect(art('deposit', '100%')).toContain('>100%</text>');
    expect(art('deposit', '<b>&')).toContain('&lt;b&gt;&amp;');
    expect(PROMOTION_KINDS.every((k) => art(k, '₱2,000.00').length < 2_000)).toBe(true);
    expect(
      renderPromotionArt({ kind: 'vip', headline: null, primary: 'red"/>', accent: 'x', key: 'v' }),
    ).not.toContain('red"');
  });

  describe('on the API', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(async () => t.close());

    it('the list names each banner; a banner shows its promotion’s figure; another merchant’s is not found', async () => {
      const list = await t.request<{ value: PromotionItem[] }>({ method: 'GET', url: '/api/promotions' });
      const byTitle = new Map(list.body.value.map((p) => [p.kind, p]));
      const deposit = byTitle.get('deposit')!;
      expect(deposit.bannerUrl).toMatch(
        new RegExp(`^/api/promotions/art/${deposit.id}\\.svg\\?v=[0-9a-z]+$`),
      );
      const svg = await t.request<string>({ method: 'GET', url: deposit.bannerUrl });
      expect(svg.status).toBe(200);
      expect(svg.headers['content-type']).toContain('image/svg+xml');
      expect(svg.headers['cache-control']).toContain('immutable');
      expect(svg.body).toMatch(/>\d+%<\/text>/);
      const rebate = byTitle.get('rebate')!;
      expect((await t.request<string>({ method: 'GET', url: rebate.bannerUrl })).body).toContain(
        '>1.2%</text>',
      );
      // luzon's site does not paint panalo's promotions; nonsense is a 400, not a 500.
      const other = await t.request({
        method: 'GET',
        url: deposit.bannerUrl,
        headers: { host: 'luzon.localhost' },
      });
      expect(other.status).toBe(404);
      expect((await t.request({ method: 'GET', url: '/api/promotions/art/x%00.svg' })).status).toBe(400);
    });
  });
});
