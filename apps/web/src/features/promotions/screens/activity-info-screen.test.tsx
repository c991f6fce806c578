import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { PromotionItem } from '@panalo/contract/promotions';
import { renderWithShell } from '../../../app/test-utils';
import { memberSession } from '../../../app/test-fixtures';
import { stubApi } from '../../member/test/member-fixtures';
import { ActivityInfoScreen } from './activity-info-screen';
import { NO_RULES } from '../test/promotion-fixtures';

afterEach(() => vi.unstubAllGlobals());

const share = (p: Partial<PromotionItem> = {}): PromotionItem => ({
  id: '5',
  kind: 'apply',
  category: 'event',
  title: 'Share your big win',
  terms: '<p>Send a screenshot of the win.</p>',
  startsAt: '2026-11-01T00:00:00.000Z',
  endsAt: null,
  status: null,
  turnoverMultiplier: '1.0',
  bannerUrl: '/api/promotions/art/1.svg?v=a',
  rules: NO_RULES,
  checkIn: null,
  ...p,
});
const rebate = share({ id: '6', kind: 'rebate', title: 'Daily rebate', category: 'rebate' });
const applied = {
  id: '9',
  promotionId: '5',
  title: 'Share your big win',
  status: 'applying',
  amount: '88.00',
  turnover: '88.00',
  reason: null,
  createdAt: '2026-11-27T08:00:00Z',
  expiresAt: null,
};

describe('/m/activityInfo', () => {
  it('shows who may take part and the wagering’s terms in plain words; nothing when there are none', async () => {
    const ruled = share({
      id: '7',
      kind: 'checkin',
      rules: {
        newPlayersDays: 7,
        vipLevels: [2, 3],
        depositsMin: 1,
        depositsMax: null,
        team: true,
        excludes: ['Deposit bonus'],
        claimHours: 24,
        turnoverHours: 48,
        turnoverWeights: { sports: 0, lottery: 50 },
      },
    });
    stubApi({ '/api/promotions': { value: [ruled, share()] } });
    const first = renderWithShell(<ActivityInfoScreen />, {
      path: '/m/activityInfo?id=7',
      session: memberSession,
    });
    const rules = await screen.findByTestId('promotion-rules');
    expect(rules).toHaveTextContent('New players only: registered in the last 7 days.');
    expect(rules).toHaveTextContent('VIP levels 2, 3 only.');
    expect(rules).toHaveTextContent('For members with at least 1 deposits.');
    expect(rules).toHaveTextContent('Only for the teams of selected agents.');
    expect(rules).toHaveTextContent('Not combined with: Deposit bonus (while its wagering is open).');
    expect(rules).toHaveTextContent('Claim a reward within 24 hours of it being issued.');
    expect(rules).toHaveTextContent(
      'Finish the wagering within 48 hours, or the bonus and its winnings are forfeited.',
    );
    expect(rules).toHaveTextContent('Counts toward wagering: Sports 0%, Lottery 50%; other games in full.');
    first.unmount();
    renderWithShell(<ActivityInfoScreen />, { path: '/m/activityInfo?id=5', session: memberSession });
    await screen.findByTestId('activity-info');
    expect(screen.queryByTestId('promotion-rules')).toBeNull();
  });

  it('an application promotion: terms, a counted comment, images with previews, sent as multipart; then it waits for review', async () => {
    let sent: FormData | null = null;
    const { calls } = stubApi({
      '/api/promotions': () => ({ value: [share({ status: sent ? 'applying' : null }), rebate] }),
      'POST /api/promotions/5/applications': ({ init }) => {
        sent = init?.body as FormData;
        return { value: applied };
      },
    });
    const r = renderWithShell(<ActivityInfoScreen />, {
      path: '/m/activityInfo?id=5',
      session: memberSession,
    });
    expect(await screen.findByText('Send a screenshot of the win.')).toBeInTheDocument();
    await r.user.type(screen.getByTestId('apply-comment'), 'Won ₱1,250!');
    expect(screen.getByTestId('apply-count')).toHaveTextContent('11 / 140 characters');
    const png = new File([new Uint8Array([0x89, 0x50])], 'win.png', { type: 'image/png' });
    await r.user.upload(screen.getByTestId('apply-images'), [png]);
    expect(await screen.findByTestId('image-previews')).toHaveTextContent('win.png');
    await r.user.click(screen.getByTestId('apply-submit'));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const form = sent as unknown as FormData;
    expect(form.get('comment')).toBe('Won ₱1,250!');
    expect(form.getAll('images').map((f) => (f as File).name)).toEqual(['win.png']);
    expect(await screen.findByTestId('apply-waiting')).toHaveTextContent(
      'Your application is being reviewed',
    );
  });

  it('VALID-037 VALID-038 VALID-040 the form names the first problem at its field and sends nothing', async () => {
    const { calls } = stubApi({ '/api/promotions': { value: [share()] } });
    const r = renderWithShell(<ActivityInfoScreen />, {
      path: '/m/activityInfo?id=5',
      session: memberSession,
    });
    const comment = await screen.findByTestId('apply-comment');
    await r.user.click(comment);
    await r.user.paste('x'.repeat(141));
    expect(screen.getByTestId('apply-count')).toHaveTextContent('141 / 140 characters');
    await r.user.click(screen.getByTestId('apply-submit'));
    expect(await screen.findByRole('alert')).toHaveTextContent('The comment can be at most 140 characters.');
    expect(comment).toHaveFocus();
    await r.user.clear(comment);
    const four = [1, 2, 3, 4].map((n) => new File([new Uint8Array([1])], `p${n}.png`, { type: 'image/png' }));
    await r.user.upload(screen.getByTestId('apply-images'), four);
    await r.user.click(screen.getByTestId('apply-submit'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Attach at most 3 images.');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('another kind leads to its own screen; an unknown promotion says so', async () => {
    stubApi({ '/api/promotions': { value: [share(), rebate] } });
    const r = renderWithShell(<ActivityInfoScreen />, {
      path: '/m/activityInfo?id=6',
      session: memberSession,
    });
    expect(await screen.findByTestId('activity-go')).toHaveAttribute('href', '/m/member/manualRebate');
    r.unmount();
    stubApi({ '/api/promotions': { value: [share()] } });
    renderWithShell(<ActivityInfoScreen />, { path: '/m/activityInfo?id=77', session: memberSession });
    expect(await screen.findByText('This promotion is not available.')).toBeInTheDocument();
  });
});
