import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeBundle } from '../../../app/test-fixtures';
import { renderWithShell } from '../../../app/test-utils';
import { ServiceScreen } from './service-screen';

describe('ServiceScreen', () => {
  it('API-036 CONTENT-013 lists the channels grouped as CS, TELEGRAM and FACEBOOK with translated names', () => {
    renderWithShell(<ServiceScreen />, { path: '/m/service' });
    const groups = ['CS', 'TELEGRAM', 'FACEBOOK'].map((g) => screen.getByTestId(`service-group-${g}`));
    expect(groups.map((g) => within(g).getByRole('heading').textContent)).toEqual([
      'Live chat',
      'Telegram',
      'Facebook',
    ]);
    expect(
      within(groups[1]!)
        .getAllByTestId('service-entry')
        .map((a) => a.textContent),
    ).toEqual(['Telegram support (opens in a new tab)›', 'Telegram VIP desk (opens in a new tab)›']);
  });

  it('every entry is an external link opening in a new tab without a handle on this page', () => {
    renderWithShell(<ServiceScreen />, { path: '/m/service' });
    const links = screen.getAllByTestId('service-entry');
    expect(links).toHaveLength(4);
    for (const a of links) {
      expect(a).toHaveAttribute('target', '_blank');
      expect(a).toHaveAttribute('rel', 'noopener noreferrer');
    }
    expect(screen.getByRole('link', { name: /Live chat 24\/7/ })).toHaveAttribute(
      'href',
      'https://chat.panalo.example/live',
    );
  });

  it('a group without entries is not shown', () => {
    const bundle = makeBundle({
      info: {
        customerService: {
          CS: [{ title: 'Concierge chat', url: 'https://concierge.example/chat' }],
          TELEGRAM: [],
          FACEBOOK: [],
        },
      },
    });
    renderWithShell(<ServiceScreen />, { path: '/m/service', bundle });
    expect(screen.getByTestId('service-group-CS')).toHaveTextContent('Concierge chat');
    expect(screen.queryByTestId('service-group-TELEGRAM')).toBeNull();
    expect(screen.queryByTestId('service-group-FACEBOOK')).toBeNull();
  });

  it('shows an empty state when the merchant has no channel', () => {
    const bundle = makeBundle({ info: { customerService: { CS: [], TELEGRAM: [], FACEBOOK: [] } } });
    renderWithShell(<ServiceScreen />, { path: '/m/service', bundle });
    expect(screen.getByTestId('service-empty')).toHaveTextContent(
      'No customer service channel is available right now.',
    );
    expect(screen.queryAllByRole('link')).toHaveLength(0);
  });

  it('an entry whose address is not a web, Telegram, mail or phone link is left out', () => {
    const bundle = makeBundle({
      info: {
        customerService: {
          CS: [{ title: 'Bad', url: 'javascript:alert(1)' }],
          TELEGRAM: [{ title: 'Good', url: 'https://t.me/x' }],
          FACEBOOK: [],
        },
      },
    });
    renderWithShell(<ServiceScreen />, { path: '/m/service', bundle });
    expect(screen.queryByText('Bad')).toBeNull();
    expect(screen.queryByTestId('service-group-CS')).toBeNull();
    expect(screen.getByRole('link', { name: /Good/ })).toHaveAttribute('href', 'https://t.me/x');
  });

  it('speaks Filipino', () => {
    renderWithShell(<ServiceScreen />, { path: '/m/service', language: 'TY' });
    expect(screen.getByText(/Narito ang team ng Panalo/)).toBeInTheDocument();
    expect(screen.getAllByText('(magbubukas sa bagong tab)', { exact: false })).toHaveLength(4);
  });
});
