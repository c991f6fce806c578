import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithShell } from '../../../app/test-utils';
import { ApiFailure, CONTENT_API, notices, stubApi } from '../test/content-fixtures';
import { NoticeScreen } from './notice-screen';

afterEach(() => {
  vi.unstubAllGlobals();
});

const lobby = (list = notices()) => ({ contentLobby: list });

describe('NoticeScreen', () => {
  it('API-042 CONTENT-014 lists the contentLobby announcements by title with their date', async () => {
    stubApi({ [CONTENT_API.notices]: lobby() });
    renderWithShell(<NoticeScreen />, { path: '/m/notice' });
    const items = await screen.findAllByTestId('notice-item');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Panalo: deposits and withdrawals 24/7');
    expect(within(items[0]!).getByText('2026-06-01 08:05').tagName).toBe('TIME');
    expect(items[1]).toHaveTextContent('2026-05-26 14:30');
  });

  it('each announcement expands to its HTML and collapses again', async () => {
    stubApi({ [CONTENT_API.notices]: lobby() });
    const r = renderWithShell(<NoticeScreen />, { path: '/m/notice' });
    const toggle = await screen.findByRole('button', { name: /Scheduled maintenance/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByTestId('notice-content')).toBeNull();
    await r.user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await waitFor(() =>
      expect(screen.getByTestId('notice-content')).toHaveTextContent('Deposits pause for one hour.'),
    );
    expect(document.getElementById(toggle.getAttribute('aria-controls')!)).toBeVisible();
    await r.user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByTestId('notice-content')).toBeNull();
  });

  it('shows an empty state when there are no announcements', async () => {
    stubApi({ [CONTENT_API.notices]: lobby([]) });
    renderWithShell(<NoticeScreen />, { path: '/m/notice' });
    expect(await screen.findByTestId('notice-empty')).toHaveTextContent('No announcements yet.');
  });

  it('shows an error with a retry', async () => {
    let fail = true;
    stubApi({ [CONTENT_API.notices]: () => (fail ? new ApiFailure() : lobby()) });
    const r = renderWithShell(<NoticeScreen />, { path: '/m/notice' });
    expect(screen.getByTestId('content-loading')).toBeInTheDocument();
    await screen.findByTestId('content-error');
    fail = false;
    await r.user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findAllByTestId('notice-item')).toHaveLength(2);
  });

  it('asks in the current language and refetches 200 ms after a language change', async () => {
    const api = stubApi({ [CONTENT_API.notices]: lobby() });
    const r = renderWithShell(<NoticeScreen />, { path: '/m/notice', language: 'TY' });
    await screen.findAllByTestId('notice-item');
    await act(() => r.i18n.changeLanguage('EN'));
    await waitFor(() =>
      expect(api.of(CONTENT_API.notices).map((u) => u.searchParams.get('lang'))).toEqual(['TY', 'EN']),
    );
  });
});
