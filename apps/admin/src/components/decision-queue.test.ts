import { MantineProvider } from '@mantine/core';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DecisionButtons } from './decision-queue';
import { noticeOf, type DecisionState } from './use-decision';
import { pageCount, pickStatus } from './use-status-list';

// The shared approve/reject queue of deposits, withdrawals, approvals and applications (#50 item 5). The
// console's unit tests run in Node without a DOM: the pure parts, and the buttons rendered to HTML.
describe('the decision queue', () => {
  const STATUSES = ['pending', 'paid', 'all'] as const;

  it('shows the URL’s status when it is one of the tabs, else the initial one', () => {
    expect(pickStatus('paid', STATUSES, 'pending')).toBe('paid');
    expect(pickStatus('all', STATUSES, 'pending')).toBe('all');
    expect(pickStatus('', STATUSES, 'pending')).toBe('pending');
    expect(pickStatus('expired', STATUSES, 'pending')).toBe('pending');
  });

  it('counts the pages from the answer, or from its total when the answer does not count them', () => {
    expect(pageCount(undefined, 20)).toBe(0);
    expect(pageCount({ list: [], total: 41, totalPages: 3 }, 20)).toBe(3);
    expect(pageCount({ list: [], total: 41 }, 20)).toBe(3);
    expect(pageCount({ list: [], total: 40 }, 20)).toBe(2);
    expect(pageCount({ list: [], total: 0 }, 20)).toBe(0);
  });

  it('says an approval in green and a refusal in gray, unless the decision gives its colour (a 202 waits)', () => {
    expect(noticeOf('approve', 'Paid.')).toEqual({ color: 'green', message: 'Paid.' });
    expect(noticeOf('reject', 'Refused.')).toEqual({ color: 'gray', message: 'Refused.' });
    expect(noticeOf('approve', { color: 'yellow', message: 'Waits.' })).toEqual({
      color: 'yellow',
      message: 'Waits.',
    });
  });

  type Row = { id: string };
  it('names each row’s buttons after the row, in the decision’s words', () => {
    const decision = {
      label: { approve: 'Mark paid', reject: 'Reject' },
      name: (row: Row, x: 'approve' | 'reject') => `${x} #${row.id}`,
      open: () => {},
    } as unknown as DecisionState<Row, unknown>;
    const html = renderToStaticMarkup(
      createElement(
        MantineProvider,
        null,
        createElement(DecisionButtons<Row, unknown>, { decision, row: { id: '7' } }),
      ),
    );
    expect(html).toMatch(/aria-label="approve #7"[^>]*>.*Mark paid/);
    expect(html).toMatch(/aria-label="reject #7"[^>]*>.*Reject/);
  });
});
