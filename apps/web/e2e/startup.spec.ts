import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, startJourney, type Journey } from '../../../test/e2e/harness';

describe.skipIf(!hasChromium)('startup modes in Chromium', () => {
  let j: Journey;
  beforeAll(async () => {
    j = await startJourney();
  });
  afterAll(async () => j?.close());

  const setLuzon = async (patch: Record<string, object>) => {
    const set: Record<string, string> = {};
    for (const [k, v] of Object.entries(patch)) set[k] = JSON.stringify(v);
    await j.t.ctx.db.updateTable('merchant').set(set).where('code', '=', 'luzon').execute();
  };

  it('SHELL-053 with neither maintenance nor restriction the app is shown', async () => {
    const { page, url } = await j.newPage();
    await page.goto(url('/m/home'));
    await page.getByTestId('home-screen').waitFor();
  });

  it('SHELL-001 a second merchant on its own domain shows its own theme, name and language', async () => {
    const look = async (host: string) => {
      const { page, url } = await j.newPage({ host });
      await page.goto(url('/m/home'));
      const header = page.getByTestId('header');
      await header.waitFor();
      return {
        header: await header.evaluate((el) => getComputedStyle(el).backgroundColor),
        title: await page.title(),
        lang: await page.evaluate(() => document.documentElement.lang),
      };
    };
    expect(await look('localhost')).toEqual({ header: 'rgb(11, 107, 73)', title: 'Panalo', lang: 'fil' });
    expect(await look('luzon.localhost')).toEqual({
      header: 'rgb(27, 19, 41)',
      title: 'Luzon Palace',
      lang: 'en',
    });
  });

  it('SHELL-050 maintenance shows the maintenance screen', async () => {
    await setLuzon({ maintenance: { enabled: true } });
    const { page, url } = await j.newPage({ host: 'luzon.localhost' });
    await page.goto(url('/m/home'));
    await page.getByTestId('maintenance-screen').waitFor();
    expect(await page.getByTestId('home-screen').count()).toBe(0);
    await setLuzon({ maintenance: { enabled: false } });
  });

  it('SHELL-051 SHELL-043 a restricted client sees the IP-restricted screen', async () => {
    await setLuzon({
      region_restriction: { enabled: true, mode: 'deny', countries: [], cidrs: ['127.0.0.0/8'] },
    });
    const { page, url } = await j.newPage({ host: 'luzon.localhost' });
    await page.goto(url('/m/home'));
    await page.getByTestId('restricted-screen').waitFor();
  });

  it('SHELL-052 maintenance and restriction together show maintenance', async () => {
    await setLuzon({ maintenance: { enabled: true } });
    const { page, url } = await j.newPage({ host: 'luzon.localhost' });
    await page.goto(url('/m/home'));
    await page.getByTestId('maintenance-screen').waitFor();
    await setLuzon({
      maintenance: { enabled: false },
      region_restriction: { enabled: false, mode: 'deny', countries: [], cidrs: [] },
    });
  });
});
