import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, startJourney, type Journey } from '../../../test/e2e/harness';

const english = { language: 'EN' };

describe.skipIf(!hasChromium)('content screens in Chromium', () => {
  let j: Journey;
  beforeAll(async () => {
    j = await startJourney();
  });
  afterAll(async () => j?.close());

  it('CONTENT-004 CONTENT-005 CONTENT-006 /m/help?i=1 shows the second item; tapping another title switches it and the URL', async () => {
    const { page, url } = await j.newPage({ storage: english });
    await page.goto(url('/m/help?i=1'));
    const panel = page.getByTestId('help-content');
    await panel.getByRole('heading', { name: 'How do I deposit?' }).waitFor();
    expect(await panel.textContent()).toContain('minimum ₱100');
    expect(await page.getByRole('tab', { selected: true }).textContent()).toBe('How do I deposit?');

    await page.getByRole('tab', { name: 'Is the lottery fair?' }).click();
    await panel.getByRole('heading', { name: 'Is the lottery fair?' }).waitFor();
    expect(await panel.textContent()).toContain('SHA-256');
    expect(new URL(page.url()).searchParams.get('i')).toBe('5');
  });

  it('CONTENT-004 on a 320 px phone the titles stay in a column left of the article, without sideways scrolling', async () => {
    const { page, url } = await j.newPage({ storage: english });
    await page.setViewportSize({ width: 320, height: 640 });
    await page.goto(url('/m/help'));
    await page.getByTestId('help-content').waitFor();
    const tabs = await page.getByTestId('help-titles').boundingBox();
    const panel = await page.getByTestId('help-content').boundingBox();
    expect(tabs && panel).toBeTruthy();
    expect(tabs!.x).toBeLessThan(panel!.x);
    expect(tabs!.width).toBeGreaterThanOrEqual(90);
    expect(panel!.width).toBeGreaterThan(180);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
  });

  it('the help article opens as a full page and leads back', async () => {
    const { page, url } = await j.newPage({ storage: english });
    await page.goto(url('/m/help?i=2'));
    await page.getByTestId('help-open-full').click();
    await page.getByRole('heading', { level: 1, name: 'How long does a withdrawal take?' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/m/helpDetail');
    await page.getByTestId('help-detail-back').click();
    await page.getByRole('tab', { name: 'How long does a withdrawal take?', selected: true }).waitFor();
  });

  it('HTML is sanitised in the browser too: scripts, handlers, javascript: links and styles never reach the page', async () => {
    const { page, url } = await j.newPage({ storage: english });
    // The server already cleans content; here its answer is replaced so that only DOMPurify stands guard.
    const hostile =
      '<p style="position:fixed;inset:0;background:red">Safe <b>bold</b></p>' +
      '<script>window.__xss = 1</script><img src="/img/flags/PH.svg" onerror="window.__xss = 2">' +
      '<a href="javascript:window.__xss=3">js</a><a href="https://other.example/x">out</a>' +
      '<iframe src="https://other.example"></iframe>';
    await page.route(
      (u) => u.pathname === '/api/content/help',
      (route) =>
        route.fulfill({ json: { success: true, value: [{ id: 1, title: 'Hostile', content: hostile }] } }),
    );
    await page.goto(url('/m/help'));
    const body = page.getByTestId('help-content').locator('.rich-text');
    await body.getByText('bold').waitFor();
    const html = await body.innerHTML();
    expect(html).not.toMatch(/<script|onerror|javascript:|style=|<iframe/i);
    expect(html).toContain('<b>bold</b>');
    const out = body.getByRole('link', { name: 'out' });
    expect(await out.getAttribute('target')).toBe('_blank');
    expect(await out.getAttribute('rel')).toBe('noopener noreferrer');
    await body.getByText('js', { exact: true }).click();
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  });

  it('API-042 /m/notice lists the seeded notices, newest first, each opening to its text', async () => {
    const { page, url } = await j.newPage({ storage: english });
    await page.goto(url('/m/notice'));
    const items = page.getByTestId('notice-item');
    await items.first().waitFor();
    expect(await items.count()).toBeGreaterThanOrEqual(5);
    expect(await items.first().textContent()).toContain(
      'Panalo: deposits and withdrawals 24/7 with GCash and Maya',
    );
    const toggle = page.getByRole('button', { name: /Beware of scams/ });
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await page.getByText('Our staff will never ask for your password').waitFor();
    // The scheduled notice is not live yet.
    expect(await page.getByText('Mid-year mega draw').count()).toBe(0);
  });

  it('/m/useragreement shows the agreement in the merchant default language (TY)', async () => {
    const { page, url } = await j.newPage();
    await page.goto(url('/m/useragreement'));
    await page.getByRole('heading', { level: 1, name: 'Kasunduan ng user' }).waitFor();
    await page.getByText('Dapat nasa legal na edad ka para maglaro').waitFor();
    expect(await page.getByTestId('footer').count()).toBe(0);
  });

  it('the luzon merchant shows its own help and customer-service entries', async () => {
    const { page, url } = await j.newPage({ host: 'luzon.localhost' });
    await page.goto(url('/m/help'));
    await page.getByRole('tab', { name: 'Getting started with Luzon Palace' }).waitFor();
    expect(await page.getByRole('tab', { name: /Panalo/ }).count()).toBe(0);
    await page.getByRole('tab', { name: 'How do I deposit?' }).click();
    // The chosen entry's text replaces the first one's once its render lands (slow on a loaded machine).
    await expect.poll(() => page.getByTestId('help-content').textContent()).toContain('minimum ₱500');

    await page.goto(url('/m/service'));
    const entries = page.getByTestId('service-entry');
    await entries.first().waitFor();
    expect(await entries.allTextContents()).toEqual([expect.stringContaining('Concierge chat')]);
    expect(await entries.first().getAttribute('href')).toBe('https://concierge.luzon.example/chat');
    expect(await page.getByTestId('service-group-TELEGRAM').count()).toBe(0);
  });

  it('panalo /m/service lists live chat, both Telegram desks and Facebook as new-tab links', async () => {
    const { page, url } = await j.newPage({ storage: english });
    await page.goto(url('/m/service'));
    const entries = page.getByTestId('service-entry');
    await entries.first().waitFor();
    expect(await entries.count()).toBe(4);
    for (const a of await entries.all()) {
      expect(await a.getAttribute('target')).toBe('_blank');
      expect(await a.getAttribute('rel')).toBe('noopener noreferrer');
    }
  });
});
