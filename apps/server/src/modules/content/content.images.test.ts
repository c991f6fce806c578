import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GAME_CATEGORIES } from '@panalo/contract/content';
import { LOCALES } from '@panalo/contract/locales';
import { imagesDir } from '../../app';
import { announcementSeeds } from '../../db/seed/content/announcements';
import { matchSeeds, teamSlug } from '../../db/seed/content/matches';
import { brandOf } from '../../db/seed/content/types';
import { demoMerchants } from '../../db/seed/merchants.seed';
import { createTestApp, type TestApp } from '../../test-support/test-app';

const exists = (rel: string) => existsSync(path.join(imagesDir, rel));

describe('content images', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    // Served as in production, next to a built site (a stand-in page is enough here).
    dist = mkdtempSync(path.join(os.tmpdir(), 'panalo-img-'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>t</title><div id="root"></div>');
    t = await createTestApp({ webDist: dist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('are served at /img/<path> and through the image-CDN prefixes as image/svg+xml', async () => {
    for (const url of [
      '/img/flags/PH.svg',
      '/img/flags/US.svg',
      '/cdn/edge-a/img/brand/panalo-logo.svg',
      '/cdn/lz-1/img/banners/luzon-sports.svg',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^image\/svg\+xml/);
      expect(res.body, url).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    }
  });

  it('raster artwork (rendered from the SVGs by scripts/render-art.mjs) is served as image/webp', async () => {
    for (const url of [
      '/cdn/lz-1/img/banners/luzon-welcome.webp',
      '/img/categories/hot.webp',
      '/img/teams/manila-eagles.webp',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toBe('image/webp');
      expect(res.rawPayload.subarray(8, 12).toString('latin1'), url).toBe('WEBP');
    }
  });

  it('every raster image has its SVG source beside it', () => {
    const webps = readdirSync(imagesDir, { recursive: true, encoding: 'utf8' }).filter((f) =>
      f.endsWith('.webp'),
    );
    expect(webps.length).toBeGreaterThan(30);
    expect(webps.filter((f) => !exists(f.replace(/\.webp$/, '.svg')))).toEqual([]);
  });

  it('a path outside the image folder is not served', async () => {
    for (const url of ['/cdn/edge-a/img/../../src/app.ts', '/cdn/edge-a/img/%2e%2e/%2e%2e/package.json']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.body).not.toContain('buildApp');
    }
  });

  it('every image the demo seed refers to exists', () => {
    const wanted = new Set<string>();
    for (const m of demoMerchants) {
      wanted.add(m.theme.logo);
      wanted.add(`brand/${m.code}-icon.svg`); // the web manifest's icon
      for (const d of m.downloads) if (d.resourceType === 'AppDownloadIcon') wanted.add(d.url);
      for (const a of announcementSeeds(brandOf(m.code))) if (a.image) wanted.add(a.image);
    }
    for (const match of matchSeeds) {
      wanted.add(`teams/${teamSlug(match.home)}.webp`);
      wanted.add(`teams/${teamSlug(match.away)}.webp`);
    }
    for (const code of GAME_CATEGORIES) wanted.add(`categories/${code.toLowerCase()}.webp`);
    for (const l of LOCALES) wanted.add(`flags/${l.flag}.svg`);
    const missing = [...wanted].filter((rel) => !exists(rel));
    expect(missing).toEqual([]);
  });

  it('images are self-contained SVG: no scripts, no remote references', () => {
    const files = readdirSync(imagesDir, { recursive: true, encoding: 'utf8' }).filter((f) =>
      f.endsWith('.svg'),
    );
    expect(files.length).toBeGreaterThan(40);
    for (const f of files) {
      const svg = readFileSync(path.join(imagesDir, f), 'utf8');
      expect(svg, f).not.toMatch(/<script|\son[a-z]+=|javascript:|<foreignObject/i);
      expect(svg.replace('xmlns="http://www.w3.org/2000/svg"', ''), f).not.toMatch(/https?:\/\//);
    }
  });
});
