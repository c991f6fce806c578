import { describe, expect, it } from 'vitest';
import { describeUserAgent } from './user-agent';

describe('a user agent as staff read it', () => {
  it('names the browser, its major version and the system; nothing for no user agent', () => {
    expect(
      describeUserAgent(
        'Mozilla/5.0 (Linux; Android 13; SM-A145F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.6099.144 Mobile Safari/537.36',
      ),
    ).toBe('Chrome 120 · Android');
    expect(
      describeUserAgent(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari 17 · iPhone');
    expect(
      describeUserAgent(
        'Mozilla/5.0 (Linux; Android 12) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/23.0 Chrome/115.0.0.0 Mobile Safari/537.36',
      ),
    ).toBe('Samsung Internet 23 · Android');
    expect(
      describeUserAgent('Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:121.0) Gecko/20100101 Firefox/121.0'),
    ).toBe('Firefox 121 · Windows');
    expect(describeUserAgent('curl/8.4.0')).toBe('Other browser');
    expect(describeUserAgent(null)).toBeNull();
  });
});
