import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithShell } from '../../../app/test-utils';
import { agreement, ApiFailure, CONTENT_API, stubApi } from '../test/content-fixtures';
import { UserAgreementScreen } from './user-agreement-screen';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('UserAgreementScreen', () => {
  it('shows the agreement page from the API with its title', async () => {
    const api = stubApi({ [CONTENT_API.agreement]: agreement() });
    renderWithShell(<UserAgreementScreen />, { path: '/m/useragreement' });
    const content = await screen.findByTestId('agreement-content');
    await waitFor(() => expect(content).toHaveTextContent('You must be of legal age to play.'));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('User agreement');
    expect(api.of(CONTENT_API.agreement)[0]!.searchParams.get('lang')).toBe('EN');
  });

  it('a missing page shows the reason and a retry', async () => {
    stubApi({ [CONTENT_API.agreement]: new ApiFailure('not_found', 404) });
    renderWithShell(<UserAgreementScreen />, { path: '/m/useragreement' });
    expect(await screen.findByTestId('content-error')).toHaveTextContent(
      'Sorry, what you are looking for was not found.',
    );
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('refetches in the new language 200 ms after a switch', async () => {
    const api = stubApi({
      [CONTENT_API.agreement]: (u: URL) =>
        u.searchParams.get('lang') === 'TY' ? { ...agreement(), title: 'Kasunduan ng user' } : agreement(),
    });
    const r = renderWithShell(<UserAgreementScreen />, { path: '/m/useragreement' });
    await screen.findByTestId('agreement-content');
    await act(() => r.i18n.changeLanguage('TY'));
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Kasunduan ng user'),
    );
    expect(api.of(CONTENT_API.agreement)).toHaveLength(2);
  });
});
