import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OutboxMessage } from '@panalo/contract/dev';
import { renderWithShell } from '../../../app/test-utils';
import { OutboxScreen } from './outbox-screen';

afterEach(() => vi.unstubAllGlobals());

const messages: OutboxMessage[] = [
  {
    id: '12',
    channel: 'email',
    recipient: 'juan@example.com',
    subject: 'Panalo: reset your password',
    body: 'Open this link:\nhttp://localhost:3000/m/resetPassword?token=abc\nor ignore it.',
    createdAt: '2026-06-01T08:01:00.000Z',
  },
  {
    id: '11',
    channel: 'sms',
    recipient: '+63 9171234567',
    subject: null,
    body: 'Panalo: your verification code is 123456.',
    createdAt: '2026-06-01T08:00:00.000Z',
  },
];

function stubOutbox(answer: (url: URL) => Response) {
  const urls: URL[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      const url = new URL(href, 'http://localhost:3000');
      urls.push(url);
      return answer(url);
    }),
  );
  return urls;
}
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('OutboxScreen (/m/dev/outbox)', () => {
  it('lists the messages newest first, marked as a development tool', async () => {
    stubOutbox(() => json(200, { success: true, value: messages }));
    renderWithShell(<OutboxScreen />, { path: '/m/dev/outbox' });
    const items = await screen.findAllByTestId('outbox-message');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('To juan@example.com');
    expect(items[0]).toHaveTextContent('Subject: Panalo: reset your password');
    expect(items[1]).toHaveTextContent('SMS');
    expect(items[1]).toHaveTextContent('your verification code is 123456');
    expect(screen.getByTestId('outbox-badge')).toHaveTextContent('Development only');
  });

  it('makes links to this site clickable, and only those', async () => {
    const body = `Open ${window.location.origin}/m/resetPassword?token=abc or https://elsewhere.example/x`;
    stubOutbox(() => json(200, { success: true, value: [{ ...messages[0]!, body }] }));
    renderWithShell(<OutboxScreen />, { path: '/m/dev/outbox' });
    const link = await screen.findByRole('link', { name: /resetPassword/ });
    expect(link).toHaveAttribute('href', '/m/resetPassword?token=abc');
    expect(screen.getAllByRole('link')).toHaveLength(1);
    expect(screen.getByTestId('outbox-message')).toHaveTextContent('https://elsewhere.example/x');
  });

  it('filters by recipient', async () => {
    const urls = stubOutbox((url) =>
      json(200, {
        success: true,
        value: messages.filter((m) => m.recipient.includes(url.searchParams.get('recipient') ?? '')),
      }),
    );
    const r = renderWithShell(<OutboxScreen />, { path: '/m/dev/outbox' });
    await screen.findAllByTestId('outbox-message');
    await r.user.type(screen.getByLabelText('Recipient'), ' 9171234567 ');
    await r.user.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(screen.getAllByTestId('outbox-message')).toHaveLength(1));
    expect(urls.at(-1)!.pathname).toBe('/api/dev/outbox');
    expect(urls.at(-1)!.searchParams.get('recipient')).toBe('9171234567');
  });

  it("says 'not available' when the server has no outbox (404)", async () => {
    stubOutbox(() => json(404, { success: false, code: 'not_found', message: 'Not found' }));
    renderWithShell(<OutboxScreen />, { path: '/m/dev/outbox' });
    expect(await screen.findByTestId('outbox-not-available')).toHaveTextContent(
      'The outbox is not available: it exists only on a development server.',
    );
  });

  it('an empty outbox says so; another failure offers a retry', async () => {
    stubOutbox(() => json(200, { success: true, value: [] }));
    renderWithShell(<OutboxScreen />, { path: '/m/dev/outbox' });
    expect(await screen.findByTestId('outbox-empty')).toHaveTextContent('No messages yet.');
  });

  it('a server error offers a retry', async () => {
    stubOutbox(() => json(500, { success: false, code: 'unknown_error', message: 'x' }));
    renderWithShell(<OutboxScreen />, { path: '/m/dev/outbox' });
    expect(await screen.findByTestId('outbox-error')).toHaveTextContent('The outbox could not be loaded.');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
