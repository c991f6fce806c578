import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { ReferralView } from '@panalo/contract/promotions';
import { renderWithShell } from '../../../app/test-utils';
import { memberSession } from '../../../app/test-fixtures';
import { qrPath } from '../../../components/ui/qr-code';
import { stubApi } from '../../member/test/member-fixtures';
import { InviteFriendsScreen } from './invite-friends-screen';

afterEach(() => vi.unstubAllGlobals());

const view = (p: Partial<ReferralView> = {}): ReferralView => ({
  code: 'K7PQ2MXA',
  path: '/m/register?ref=K7PQ2MXA',
  title: 'Invite friends',
  terms: '<p>Share your link.</p>',
  reward: '20.00',
  minDeposit: '100.00',
  rewarded: '20.00',
  friends: [
    { name: 'fr***5', registeredAt: '2026-11-26T03:00:00.000Z', qualified: true },
    { name: 'ju***n', registeredAt: '2026-11-27T03:00:00.000Z', qualified: false },
  ],
  friendCount: 2,
  ...p,
});

describe('/m/inviteFriends', () => {
  it('qrPath: a square of modules, the same code for the same text', () => {
    const a = qrPath('http://localhost/m/register?ref=K7PQ2MXA');
    expect(a.size).toBeGreaterThanOrEqual(21);
    expect((a.size - 17) % 4).toBe(0); // versions grow by 4 modules
    expect(a.d).toMatch(/^M\d+ \d+h1v1h-1z/);
    expect(qrPath('http://localhost/m/register?ref=K7PQ2MXA')).toEqual(a);
  });

  it('PROMO-003 my link and code with a QR code to copy or scan, the rule, what I earned, my friends', async () => {
    stubApi({ '/api/promotions/referral': { value: view() } });
    renderWithShell(<InviteFriendsScreen />, { path: '/m/inviteFriends', session: memberSession });
    const card = await screen.findByTestId('invite-card');
    expect(within(card).getByTestId('invite-code')).toHaveTextContent('K7PQ2MXA');
    expect(within(card).getByTestId('invite-link')).toHaveTextContent(
      `${window.location.origin}/m/register?ref=K7PQ2MXA`,
    );
    expect(within(card).getByRole('img', { name: 'QR code of my invitation link' })).toBeInTheDocument();
    expect(card).toHaveTextContent(
      'Earn 20.00 for every friend who registers with your link and deposits 100.00 or more.',
    );
    expect(within(card).getByTestId('invite-earned')).toHaveTextContent(
      'Earned so far: 20.00 from 2 friends invited.',
    );
    expect(within(card).getByRole('button', { name: /my invitation link/ })).toBeInTheDocument();
    const friends = screen.getAllByTestId('invite-friend');
    expect(friends.map((f) => within(f).getByText(/Reward earned|Waiting for deposit/).textContent)).toEqual([
      'Reward earned',
      'Waiting for deposit',
    ]);
  });

  it('no friends yet says how to start; a merchant without referral says it is not available', async () => {
    stubApi({
      '/api/promotions/referral': { value: view({ friends: [], friendCount: 0, rewarded: '0.00' }) },
    });
    const r = renderWithShell(<InviteFriendsScreen />, { path: '/m/inviteFriends', session: memberSession });
    expect(await screen.findByText('No friends yet. Share your link to start.')).toBeInTheDocument();
    r.unmount();
    stubApi({ '/api/promotions/referral': { status: 403, code: 'referral_off' } });
    renderWithShell(<InviteFriendsScreen />, { path: '/m/inviteFriends', session: memberSession });
    expect(await screen.findByText(/Invite friends is not available/)).toBeInTheDocument();
  });
});
