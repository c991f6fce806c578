import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithShell } from '../../../app/test-utils';
import { ApiFailure, CONTENT_API, helpItems, stubApi } from '../test/content-fixtures';
import { HelpDetailScreen } from './help-detail-screen';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('HelpDetailScreen', () => {
  it('?i=N shows that item full width with a link back to it in the help centre', async () => {
    stubApi({ [CONTENT_API.help]: helpItems() });
    renderWithShell(<HelpDetailScreen />, { path: '/m/helpDetail?i=2' });
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Is the lottery fair?');
    await waitFor(() =>
      expect(screen.getByTestId('help-detail-content')).toHaveTextContent(
        'Every draw publishes a seed hash.',
      ),
    );
    expect(screen.getByTestId('help-detail-back')).toHaveAttribute('href', '/m/help?i=2');
  });

  it('?id= picks the item by id', async () => {
    stubApi({ [CONTENT_API.help]: helpItems() });
    renderWithShell(<HelpDetailScreen />, { path: '/m/helpDetail?id=12' });
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(
      'How long does a withdrawal take?',
    );
    expect(screen.getByTestId('help-detail-back')).toHaveAttribute('href', '/m/help?i=1');
  });

  it('an out-of-range ?i= shows the first item; an unknown id says so', async () => {
    stubApi({ [CONTENT_API.help]: helpItems() });
    renderWithShell(<HelpDetailScreen />, { path: '/m/helpDetail?i=40' });
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('How do I deposit?');
  });

  it('an unknown id shows a not-found state with the way back', async () => {
    stubApi({ [CONTENT_API.help]: helpItems() });
    renderWithShell(<HelpDetailScreen />, { path: '/m/helpDetail?id=999' });
    expect(await screen.findByTestId('help-detail-missing')).toHaveTextContent(
      'This help article could not be found.',
    );
    expect(screen.getByTestId('help-detail-back')).toHaveAttribute('href', '/m/help');
  });

  it('the back link returns to the help centre with the item selected', async () => {
    stubApi({ [CONTENT_API.help]: helpItems() });
    const r = renderWithShell(<HelpDetailScreen />, { path: '/m/helpDetail?i=1' });
    await r.user.click(await screen.findByTestId('help-detail-back'));
    expect(r.location().pathname).toBe('/m/help');
    expect(r.location().search).toBe('?i=1');
  });

  it('a failed load offers a retry', async () => {
    stubApi({ [CONTENT_API.help]: new ApiFailure('rate_limited', 429) });
    renderWithShell(<HelpDetailScreen />, { path: '/m/helpDetail?i=0' });
    expect(await screen.findByTestId('content-error')).toHaveTextContent('Too many requests');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
