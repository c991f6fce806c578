import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app';

describe('OpenAPI from the contract', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('publishes JSON at /api/openapi.json with the contract routes and their schemas', async () => {
    const res = await t.request<{
      openapi: string;
      paths: Record<string, Record<string, { parameters?: { name: string }[] }>>;
    }>({
      method: 'GET',
      url: '/api/openapi.json',
    });
    expect(res.status).toBe(200);
    expect(res.body.openapi).toMatch(/^3\./);
    expect(Object.keys(res.body.paths)).toEqual(
      expect.arrayContaining([
        '/api/startup',
        '/api/content/announcements',
        '/api/content/help',
        '/api/content/hot-matches',
      ]),
    );
    const params = res.body.paths['/api/content/announcements']?.get?.parameters?.map((p) => p.name);
    expect(params).toEqual(expect.arrayContaining(['types', 'groupName', 'platform', 'lang']));
  });

  it('is browsable at /api/docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
  });

  it('answers the health check', async () => {
    const res = await t.request<{ value: { status: string } }>({ method: 'GET', url: '/api/health' });
    expect(res.body.value.status).toBe('ok');
  });
});
