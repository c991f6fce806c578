import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithShell } from '../../app/test-utils';
import { SafeHtml } from './safe-html';

// What DOMPurify removes is proved in Chromium (e2e/content.spec.ts): happy-dom's NodeIterator stops
// once the node it stands on is removed, so DOMPurify cannot do its work in this environment.

describe('SafeHtml', () => {
  it('CONTENT-005 renders operator HTML as markup, not as text', async () => {
    renderWithShell(<SafeHtml html={'<p>One <em>two</em></p>'} testId="html" />);
    const html = screen.getByTestId('html');
    await waitFor(() => expect(html).toHaveTextContent('One two'));
    expect(html.querySelector('em')).toHaveTextContent('two');
  });

  it('a link inside the site goes through the router instead of reloading the app', async () => {
    const r = renderWithShell(<SafeHtml html={'<p><a href="/m/lottery?x=1">Lottery</a></p>'} />, {
      path: '/m/help',
    });
    await r.user.click(await screen.findByRole('link', { name: 'Lottery' }));
    expect(r.location().pathname).toBe('/m/lottery');
    expect(r.location().search).toBe('?x=1');
  });
});
