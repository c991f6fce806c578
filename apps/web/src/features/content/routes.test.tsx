import { screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithShell } from '../../app/test-utils';
import { contentRoutes } from './routes';
import { CONTENT_API, helpItems, stubApi } from './test/content-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('contentRoutes', () => {
  it('SHELL-032 SHELL-033 /m/help, /m/helpDetail, /m/notice, /m/service and /m/useragreement, each a lazy screen', () => {
    expect(contentRoutes.map((r) => r.path)).toEqual([
      '/m/help',
      '/m/helpDetail',
      '/m/notice',
      '/m/service',
      '/m/useragreement',
    ]);
    for (const r of contentRoutes) expect(r.Screen).toHaveProperty('preload');
  });

  it('the help route loads its screen on first use', async () => {
    stubApi({ [CONTENT_API.help]: helpItems() });
    renderWithShell(
      <Routes>
        {contentRoutes.map(({ path, Screen }) => (
          <Route key={path} path={path} element={<Screen />} />
        ))}
      </Routes>,
      { path: '/m/help?i=1' },
    );
    const content = await screen.findByTestId('help-content');
    // The HTML appears once sanitised (DOMPurify loads on demand where the browser has no setHTML).
    await waitFor(() => expect(content).toHaveTextContent('Most withdrawals are paid within 15 minutes.'));
  });
});
