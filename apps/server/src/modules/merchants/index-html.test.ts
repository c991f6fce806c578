import { describe, expect, it } from 'vitest';
import type { StartupBundle } from '@panalo/contract/startup';
import { inlineStylesheets, renderIndexHtml } from './index-html';

const template =
  '<!doctype html><html lang="fil" dir="ltr"><head><meta name="theme-color" content="#000000" /><title>Panalo</title></head><body><div id="root"></div></body></html>';

function bundle(name: string, defaultLanguage = 'EN'): StartupBundle {
  return {
    site: {
      name,
      defaultLanguage,
      theme: {
        primary: '#7b2cbf',
        primaryText: '#ffffff',
        accent: '#ff4d6d',
        background: '#14101f',
        surface: '#221a33',
        text: '#f1ecfa',
        mutedText: '#b8aecb',
        header: '#1b1329',
        headerText: '#f1ecfa',
        footer: '#1b1329',
        logo: 'x',
        logoAlt: 'x',
      },
    },
  } as unknown as StartupBundle;
}

describe('index.html per merchant', () => {
  it('sets the merchant title, theme colours and language before any script runs', () => {
    const html = renderIndexHtml(template, bundle('Luzon Palace'));
    expect(html).toContain('<title>Luzon Palace</title>');
    expect(html).toContain('<meta name="theme-color" content="#1b1329"');
    expect(html).toContain('--p-primary:#7b2cbf');
    expect(html).toContain('<html lang="en" dir="ltr">');
  });

  it('inlines the startup bundle as data that cannot break out of its element', () => {
    const html = renderIndexHtml(template, bundle('</script><script>alert(1)</script>'));
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).toContain('&lt;/script&gt;');
    const json = /<script id="startup-bundle" type="application\/json">(.*?)<\/script>/.exec(html)?.[1];
    expect(JSON.parse(json ?? 'null')).toMatchObject({
      site: { name: '</script><script>alert(1)</script>' },
    });
  });

  it('paints a boot skeleton in the merchant colours (shapes only, no text) off home, before the script runs', () => {
    const html = renderIndexHtml(template, bundle('Luzon Palace'));
    const root = /<div id="root">(.*)<\/div><\/body>/.exec(html)?.[1] ?? '';
    expect(root).toContain('class="boot"');
    expect(root.replace(/<[^>]+>/g, '')).toBe('');
    expect(html).toContain('.boot__bar{height:48px;background:var(--p-header)');
  });

  it("the page with home's banner leaves out the preloads of the app's code; every other page keeps them", () => {
    const withApp = template.replace(
      '</head>',
      '<script type="module" crossorigin src="/assets/boot.js"></script>' +
        '<link rel="modulepreload" crossorigin href="/assets/start.js" data-app>\n' +
        '<link rel="modulepreload" crossorigin href="/assets/core.js" data-app></head>',
    );
    const home = renderIndexHtml(withApp, bundle('x'), { bootBanner: { src: '/b.webp', alt: 'b' } });
    expect(home).not.toContain('modulepreload');
    expect(home).toContain('<script type="module" crossorigin src="/assets/boot.js"></script>');
    const other = renderIndexHtml(withApp, bundle('x'));
    expect(other).toContain('<link rel="modulepreload" crossorigin href="/assets/start.js" data-app>');
    expect(other).toContain('<link rel="modulepreload" crossorigin href="/assets/core.js" data-app>');
  });

  it('paints the first banner of home in the skeleton, escaped, at the size of the carousel', () => {
    const html = renderIndexHtml(template, bundle('x'), {
      bootBanner: { src: '/cdn/a/img/banners/w.webp', alt: 'Welcome "home" <b>' },
    });
    const root = /<div id="root">(.*)<\/div><\/body>/.exec(html)?.[1] ?? '';
    expect(root).toContain(
      '<div class="boot__banner"><img src="/cdn/a/img/banners/w.webp" alt="Welcome &quot;home&quot; &lt;b&gt;" width="750" height="300" fetchpriority="high"></div>',
    );
    expect(html).toContain(
      '.boot__banner{margin:8px 12px 0;border-radius:12px;overflow:hidden;aspect-ratio:5/2',
    );
  });

  it('uses the default language direction (right-to-left for Arabic)', () => {
    expect(renderIndexHtml(template, bundle('x', 'AR'))).toContain('<html lang="ar" dir="rtl">');
  });

  it('writes readable build stylesheets into the page and leaves any other link as it was', () => {
    const page =
      '<head><link rel="stylesheet" crossorigin href="/assets/index-1.css">' +
      '<link rel="stylesheet" href="/assets/gone-2.css"><link rel="stylesheet" href="/assets/evil-3.css">' +
      '<link rel="stylesheet" href="https://cdn.example/x.css"></head>';
    const files: Record<string, string> = {
      '/assets/index-1.css': 'a{b:c}',
      '/assets/evil-3.css': 'a{}</style><script>x()</script>',
    };
    const out = inlineStylesheets(page, (href) => files[href] ?? null);
    expect(out).toContain('<style data-href="/assets/index-1.css">a{b:c}</style>');
    expect(out).toContain('<link rel="stylesheet" href="/assets/index-1.css" media="not all">');
    // Unreadable, or able to close the element: kept as a link.
    expect(out).toContain('<link rel="stylesheet" href="/assets/gone-2.css">');
    expect(out).toContain('<link rel="stylesheet" href="/assets/evil-3.css">');
    expect(out).not.toContain('<script>');
    expect(out).toContain('<link rel="stylesheet" href="https://cdn.example/x.css">');
  });

  it('asks for the first screen’s image before any script of the template', () => {
    const page =
      '<!doctype html><html><head><meta charset="UTF-8" /><script type="module" src="/assets/index-1.js"></script><title>x</title></head><body><div id="root"></div></body></html>';
    const html = renderIndexHtml(page, bundle('Panalo'), { preloadImages: ['/img/banners/a.webp'] });
    const preload = html.indexOf(
      '<link rel="preload" as="image" href="/img/banners/a.webp" fetchpriority="high">',
    );
    expect(preload).toBeGreaterThan(html.indexOf('<meta charset="UTF-8" />'));
    expect(preload).toBeLessThan(html.indexOf('<script type="module"'));
  });
});
