import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithShell } from '../../../app/test-utils';
import { ApiError } from '../../../lib/api';
import { useRefusalText } from './use-refusal-text';

function Show({ err }: { err: unknown }) {
  const text = useRefusalText();
  return <p data-testid="text">{text(err)}</p>;
}

const shown = async (err: unknown, language?: string) => {
  renderWithShell(<Show err={err} />, language ? { language } : {});
  return (await screen.findByTestId('text')).textContent;
};
const limit = (value: Record<string, unknown>) => new ApiError('play_limit_reached', 409, 'limit', value);

describe('useRefusalText (issue 22: a refused bet in words)', () => {
  it('a wager or loss limit says which, how much and when there is room again', async () => {
    expect(
      await shown(
        limit({ kind: 'wager', span: 'day', limit: '100.00', resetsAt: '2026-11-27T08:00:00.000Z' }),
      ),
    ).toMatch(
      /^This stake would pass your 24-hour wager limit of ₱100\.00\. There is room again from .*2026/,
    );
  });

  it('a stake above the limit by itself says so, with no time', async () => {
    expect(await shown(limit({ kind: 'loss', span: 'week', limit: '50.00', resetsAt: null }))).toBe(
      'This stake is above your 7-day loss limit of ₱50.00.',
    );
  });

  it('the session limit, in Filipino', async () => {
    expect(await shown(limit({ kind: 'session', span: null, limit: 30 }), 'TY')).toBe(
      'Tinapos ng iyong session limit ang session na ito. Mag-log in muli para magpatuloy.',
    );
  });

  it('any other refusal is its message key', async () => {
    expect(await shown(new ApiError('insufficient_funds', 409, 'x'))).toMatch(/balance|funds/i);
  });
});
