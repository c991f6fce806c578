import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithShell } from '../../../app/test-utils';
import { panaloBundle } from '../../../app/test-fixtures';
import { CustomerServiceMenu } from './customer-service-menu';

const service = panaloBundle.info.customerService;

describe('customer-service side menu', () => {
  it('CONTENT-009 CONTENT-013 the floating button opens the CS, TELEGRAM and FACEBOOK channels', async () => {
    const { user } = renderWithShell(<CustomerServiceMenu service={service} />);
    const fab = screen.getByRole('button', { name: 'Open customer service' });
    expect(fab).toHaveAttribute('aria-expanded', 'false');
    await user.click(fab);
    await screen.findByRole('navigation', {}, { timeout: 5000 }); // the open menu's code comes on the first tap
    const menu = screen.getByRole('navigation', { name: 'Customer service' });
    expect(within(menu).getByTestId('cs-CS')).toHaveTextContent('Live chat');
    expect(within(menu).getByTestId('cs-TELEGRAM')).toHaveTextContent('Telegram');
    expect(within(menu).getByTestId('cs-FACEBOOK')).toHaveTextContent('Facebook');
  });

  it('CONTENT-010 a channel without entries is not shown; with none at all there is no button', async () => {
    const { user, unmount } = renderWithShell(
      <CustomerServiceMenu service={{ ...service, TELEGRAM: [], FACEBOOK: [] }} />,
    );
    await user.click(screen.getByTestId('cs-fab'));
    await screen.findByRole('navigation', {}, { timeout: 5000 });
    expect(screen.getByTestId('cs-CS')).toBeInTheDocument();
    expect(screen.queryByTestId('cs-TELEGRAM')).toBeNull();
    expect(screen.queryByTestId('cs-FACEBOOK')).toBeNull();
    unmount();
    renderWithShell(<CustomerServiceMenu service={{ CS: [], TELEGRAM: [], FACEBOOK: [] }} />);
    expect(screen.queryByTestId('cs-fab')).toBeNull();
  });

  it('CONTENT-011 a channel with one entry opens it directly in a new tab', async () => {
    const { user } = renderWithShell(<CustomerServiceMenu service={service} />);
    await user.click(screen.getByTestId('cs-fab'));
    await screen.findByRole('navigation', {}, { timeout: 5000 });
    const cs = screen.getByTestId('cs-CS');
    expect(cs.tagName).toBe('A');
    expect(cs).toHaveAttribute('href', 'https://chat.panalo.example/live');
    expect(cs).toHaveAttribute('target', '_blank');
    expect(cs).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('CONTENT-012 a channel with several entries expands a list of their titles', async () => {
    const { user } = renderWithShell(<CustomerServiceMenu service={service} />);
    await user.click(screen.getByTestId('cs-fab'));
    await screen.findByRole('navigation', {}, { timeout: 5000 });
    const tg = screen.getByTestId('cs-TELEGRAM');
    expect(tg).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('link', { name: /Telegram VIP desk/ })).toBeNull();
    await user.click(tg);
    expect(tg).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: /Telegram support/ })).toHaveAttribute(
      'href',
      'https://t.me/panalo_support',
    );
    expect(screen.getByRole('link', { name: /Telegram VIP desk/ })).toHaveAttribute(
      'href',
      'https://t.me/panalo_vip',
    );
  });

  it('CONTENT-009 Escape closes the menu and returns focus to the button', async () => {
    const { user } = renderWithShell(<CustomerServiceMenu service={service} />);
    await user.click(screen.getByTestId('cs-fab'));
    await screen.findByRole('navigation', {}, { timeout: 5000 });
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(screen.getByTestId('cs-fab')).toHaveFocus();
  });
});
