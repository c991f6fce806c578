import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithShell } from '../../../app/test-utils';
import { ApiFailure, CONTENT_API, helpItems, stubApi } from '../test/content-fixtures';
import { HelpScreen } from './help-screen';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const titles = () => within(screen.getByTestId('help-titles')).getAllByRole('tab');

describe('HelpScreen', () => {
  it('CONTENT-004 shows the list of titles in a column', async () => {
    stubApi({ [CONTENT_API.help]: helpItems() });
    renderWithShell(<HelpScreen />, { path: '/m/help' });
    await screen.findByTestId('help-titles');
    expect(titles().map((t) => t.textContent)).toEqual([
      'How do I deposit?',
      'How long does a withdrawal take?',
      'Is the lottery fair?',
    ]);
    expect(screen.getByRole('tablist')).toHaveAttribute('aria-orientation', 'vertical');
  });

  it('CONTENT-005 CONTENT-006 shows the HTML of the item selected by ?i=, the first one by default', async () => {
    stubApi({ [CONTENT_API.help]: helpItems() });
    renderWithShell(<HelpScreen />, { path: '/m/help' });
    const panel = await screen.findByTestId('help-content');
    await waitFor(() =>
      expect(panel.querySelector('.rich-text')).toHaveTextContent('Open Deposit and choose GCash.'),
    );
    expect(panel.querySelector('.rich-text b')).toHaveTextContent('Deposit');
    expect(titles()[0]).toHaveAttribute('aria-selected', 'true');
  });

  it('CONTENT-006 ?i=1 selects the second item', async () => {
    stubApi({ [CONTENT_API.help]: helpItems() });
    renderWithShell(<HelpScreen />, { path: '/m/help?i=1' });
    const panel = await screen.findByTestId('help-content');
    // The answer is sanitised by a module loaded on first use: it may come a moment after the panel.
    await waitFor(() => expect(panel).toHaveTextContent('Most withdrawals are paid within 15 minutes.'));
    expect(titles()[1]).toHaveAttribute('aria-selected', 'true');
    expect(panel).toHaveAttribute('aria-labelledby', titles()[1]!.id);
  });

  it('CONTENT-006 an out-of-range ?i= selects the first item', async () => {
    stubApi({ [CONTENT_API.help]: helpItems() });
    renderWithShell(<HelpScreen />, { path: '/m/help?i=9' });
    const panel = await screen.findByTestId('help-content');
    await waitFor(() => expect(panel).toHaveTextContent('Open Deposit and choose GCash.'));
  });

  it('CONTENT-006 choosing a title shows it and writes ?i= to the URL', async () => {
    stubApi({ [CONTENT_API.help]: helpItems() });
    const r = renderWithShell(<HelpScreen />, { path: '/m/help?i=0&from=menu' });
    await screen.findByTestId('help-content');
    await r.user.click(screen.getByRole('tab', { name: 'Is the lottery fair?' }));
    await waitFor(() =>
      expect(screen.getByTestId('help-content')).toHaveTextContent('Every draw publishes a seed hash.'),
    );
    expect(new URLSearchParams(r.location().search).get('i')).toBe('2');
    expect(new URLSearchParams(r.location().search).get('from')).toBe('menu');
  });

  it('arrow keys move between titles (vertical tabs)', async () => {
    stubApi({ [CONTENT_API.help]: helpItems() });
    const r = renderWithShell(<HelpScreen />, { path: '/m/help' });
    await screen.findByTestId('help-content');
    titles()[0]!.focus();
    await r.user.keyboard('{ArrowDown}');
    expect(titles()[1]).toHaveFocus();
    expect(titles()[1]).toHaveAttribute('aria-selected', 'true');
    await r.user.keyboard('{ArrowUp}{ArrowUp}');
    expect(titles()[2]).toHaveFocus();
    await r.user.keyboard('{Home}');
    expect(r.location().search).toBe('?i=0');
  });

  it('CONTENT-007 shows an empty state when there are no items', async () => {
    stubApi({ [CONTENT_API.help]: [] });
    renderWithShell(<HelpScreen />, { path: '/m/help' });
    expect(await screen.findByTestId('help-empty')).toHaveTextContent('There are no help articles yet.');
    expect(screen.queryByRole('tablist')).toBeNull();
  });

  it('shows a loading state, then an error with a retry that asks again', async () => {
    let fail = true;
    const api = stubApi({ [CONTENT_API.help]: () => (fail ? new ApiFailure() : helpItems()) });
    const r = renderWithShell(<HelpScreen />, { path: '/m/help' });
    expect(screen.getByTestId('content-loading')).toBeInTheDocument();
    const error = await screen.findByTestId('content-error');
    expect(error).toHaveTextContent('Unknown error');
    fail = false;
    await r.user.click(within(error).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('help-content')).toBeInTheDocument();
    expect(api.of(CONTENT_API.help)).toHaveLength(2);
  });

  it('API-033 asks with device=MOBILE and the language; a language change refetches 200 ms later', async () => {
    const api = stubApi({ [CONTENT_API.help]: helpItems() });
    const r = renderWithShell(<HelpScreen />, { path: '/m/help' });
    await screen.findByTestId('help-content');
    expect(Object.fromEntries(api.of(CONTENT_API.help)[0]!.searchParams)).toEqual({
      device: 'MOBILE',
      lang: 'EN',
    });
    await act(() => r.i18n.changeLanguage('TY'));
    expect(api.of(CONTENT_API.help)).toHaveLength(1);
    await waitFor(() =>
      expect(api.of(CONTENT_API.help).map((u) => u.searchParams.get('lang'))).toEqual(['EN', 'TY']),
    );
    // The article stays on screen while the other language loads.
    expect(screen.getByTestId('help-content')).toBeInTheDocument();
  });

  it('links to the article as a full page', async () => {
    stubApi({ [CONTENT_API.help]: helpItems() });
    renderWithShell(<HelpScreen />, { path: '/m/help?i=1' });
    expect(await screen.findByTestId('help-open-full')).toHaveAttribute('href', '/m/helpDetail?id=12');
  });
});
