import { describe, expect, it } from 'vitest';
import { formatNoticeDate } from './format-date';
import { isSafeExternalUrl } from './external-link';

describe('formatNoticeDate', () => {
  it('shows YYYY-MM-DD HH:mm in local time', () => {
    expect(formatNoticeDate(new Date(2026, 0, 5, 7, 3).toISOString())).toBe('2026-01-05 07:03');
    expect(formatNoticeDate(new Date(2026, 11, 31, 23, 59).toISOString())).toBe('2026-12-31 23:59');
  });

  it('shows nothing for a date it cannot read', () => {
    expect(formatNoticeDate('soon')).toBe('');
  });
});

describe('isSafeExternalUrl', () => {
  it('opens web, Telegram, mail and phone links only', () => {
    for (const ok of [
      'https://t.me/x',
      'http://chat.example',
      'tg://resolve?domain=x',
      'mailto:a@b.c',
      'tel:+63',
    ]) {
      expect(isSafeExternalUrl(ok), ok).toBe(true);
    }
    for (const bad of [
      'javascript:alert(1)',
      ' JavaScript:alert(1)',
      'data:text/html,x',
      '//evil.example',
      '',
    ]) {
      expect(isSafeExternalUrl(bad), bad).toBe(false);
    }
  });
});
