import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app';

describe('serving the site', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(path.join(os.tmpdir(), 'panalo-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html lang="fil"><head><meta name="theme-color" content="#000000" /><title>x</title><link rel="stylesheet" crossorigin href="/assets/index-abc.css"></head><body></body></html>',
    );
    writeFileSync(path.join(dist, 'assets', 'index-abc.css'), '.page-container{min-height:100vh}');
    writeFileSync(path.join(dist, 'assets', 'app-123.js'), 'console.log(1)');
    t = await createTestApp({ webDist: dist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('SHELL-029 every page path answers the app page, rendered for the merchant of the Host', async () => {
    for (const url of [
      '/',
      '/m',
      '/m/',
      '/m/index',
      '/m/index.html',
      '/m/home',
      '/index.html',
      '/m/no-such-page',
    ]) {
      const res = await t.app.inject({ method: 'GET', url, headers: { host: 'luzon.localhost:8080' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<title>Luzon Palace</title>');
      expect(res.body).toContain('id="startup-bundle"');
    }
    const panalo = await t.app.inject({ method: 'GET', url: '/m/home' });
    // Home's first banner is preloaded from the image host picked for this page load.
    const host = /<meta name="image-host" content="([^"]*)">/.exec(panalo.body)?.[1];
    expect(['/cdn/edge-a', '/cdn/edge-b']).toContain(host);
    expect(panalo.body).toContain(
      `<link rel="preload" as="image" href="${host}/img/banners/panalo-welcome.webp" fetchpriority="high">`,
    );
    const help = await t.app.inject({ method: 'GET', url: '/m/help' });
    expect(help.body).not.toContain('rel="preload" as="image"');
    expect(panalo.body).toContain('<title>Panalo</title>');
    expect(panalo.body).toContain('<html lang="fil"');
  });

  it('SHELL-058 an uploaded first banner (served by the API) is preloaded and drawn at its own path, not under the image host', async () => {
    const m = await t.ctx.db
      .selectFrom('merchant')
      .select('id')
      .where('code', '=', 'luzon')
      .executeTakeFirstOrThrow();
    const first = await t.ctx.db
      .selectFrom('announcement')
      .select(['id', 'image_url'])
      .where('merchant_id', '=', m.id)
      .where('group_name', '=', 'm_home')
      .where('type', '=', 'B')
      .orderBy('sort')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const uploaded = '/api/content/banner-images/0123456789abcdef.webp';
    await t.ctx.db
      .updateTable('announcement')
      .set({ image_url: uploaded })
      .where('id', '=', first.id)
      .execute();
    try {
      const res = await t.app.inject({
        method: 'GET',
        url: '/m/home',
        headers: { host: 'luzon.localhost:8080' },
      });
      expect(res.body).toContain(`<link rel="preload" as="image" href="${uploaded}" fetchpriority="high">`);
      expect(res.body).not.toContain('/img//api/');
    } finally {
      await t.ctx.db
        .updateTable('announcement')
        .set({ image_url: first.image_url })
        .where('id', '=', first.id)
        .execute();
    }
  });

  it('issue 22: every page, asset and API answer carries the security headers and the strict CSP', async () => {
    for (const url of ['/m/home', '/m/no-such-page', '/assets/app-123.js', '/api/startup', '/api/nothing']) {
      const res = await t.app.inject({ method: 'GET', url });
      const csp = String(res.headers['content-security-policy']);
      expect(csp, url).toContain("default-src 'self'");
      expect(csp, url).toContain("script-src 'self'");
      expect(csp, url).toContain("frame-ancestors 'self'");
      expect(csp, url).toContain("object-src 'none'");
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['referrer-policy'], url).toBe('no-referrer');
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
    }
  });

  it('writes the build stylesheet into the page and sends the page gzipped to a browser that takes it', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/m/home',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['vary']).toContain('accept-encoding');
    const html = gunzipSync(res.rawPayload).toString('utf8');
    // The rules are in the page; the link stays for no media (fetched last, blocking nothing), for the preload helper.
    expect(html).toContain(
      '<style data-href="/assets/index-abc.css">.page-container{min-height:100vh}</style>',
    );
    expect(html).toContain('<link rel="stylesheet" href="/assets/index-abc.css" media="not all">');
    expect(html).not.toContain('crossorigin href="/assets/index-abc.css"');
    const plain = await t.app.inject({ method: 'GET', url: '/m/home' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('id="startup-bundle"');
  });

  it('serves hashed assets with a long cache and a missing asset as a 404', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const missing = await t.app.inject({ method: 'GET', url: '/assets/gone-1.js' });
    expect(missing.statusCode).toBe(404);
    const api = await t.app.inject({ method: 'GET', url: '/api/gone' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ code: 'not_found' });
  });

  it('still renders the page for an unknown Merchant header (the app then reports the error)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/m/home', headers: { merchant: 'nobody' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('id="startup-bundle"');
  });
});

describe('images without a built site', () => {
  it('serves content images at /img and through every image-CDN edge prefix', async () => {
    const t = await createTestApp();
    try {
      for (const url of [
        '/img/flags/PH.svg',
        '/cdn/edge-a/img/flags/PH.svg',
        '/cdn/any/img/brand/panalo-logo.svg',
      ]) {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['content-type']).toContain('image/svg+xml');
      }
      expect(
        (await t.app.inject({ method: 'GET', url: '/cdn/edge-a/img/../../package.json' })).statusCode,
      ).not.toBe(200);
    } finally {
      await t.close();
    }
  });
});
