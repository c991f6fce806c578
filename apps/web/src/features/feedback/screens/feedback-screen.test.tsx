import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { FeedbackList } from '@panalo/contract/feedback';
import { renderWithShell } from '../../../app/test-utils';
import { memberSession } from '../../../app/test-fixtures';
import { stubApi } from '../../member/test/member-fixtures';
import { FeedbackScreen } from './feedback-screen';

afterEach(() => vi.unstubAllGlobals());

const history: FeedbackList = {
  minWords: 3,
  maxWords: 300,
  list: [
    {
      id: '5',
      category: 'withdrawal',
      content: 'Where is my withdrawal?',
      status: 'replied',
      images: 0,
      replies: [{ content: 'Paid this morning.', at: '2026-11-20T02:00:00.000Z' }],
      createdAt: '2026-11-19T02:00:00.000Z',
    },
  ],
};

describe('feedback (/m/feedback)', () => {
  it('CONTENT-003 API-028 sends a topic, a message and two pictures by PUT as multipart; my feedback shows the reply', async () => {
    let sent: FormData | null = null;
    const { calls } = stubApi({
      '/api/feedback': { value: history },
      'PUT /api/feedback': ({ init }) => {
        sent = init?.body as FormData;
        return { value: { ...history.list[0]!, id: '6', status: 'open', replies: [] } };
      },
    });
    const r = renderWithShell(<FeedbackScreen />, { session: memberSession, path: '/m/feedback' });
    const item = await screen.findByTestId('feedback-item');
    expect(within(item).getByTestId('feedback-reply')).toHaveTextContent('Paid this morning.');
    await r.user.selectOptions(screen.getByTestId('feedback-category'), 'deposit');
    await r.user.type(screen.getByTestId('feedback-content'), 'My deposit is late today');
    expect(screen.getByTestId('feedback-count')).toHaveTextContent('5 words (between 3 and 300)');
    const png = new File([new Uint8Array([0x89, 0x50])], 'a.png', { type: 'image/png' });
    const jpg = new File([new Uint8Array([0xff, 0xd8])], 'b.jpg', { type: 'image/jpeg' });
    await r.user.upload(screen.getByTestId('feedback-images'), [png, jpg]);
    await r.user.click(screen.getByTestId('feedback-submit'));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.headers.get('content-type')).toBeNull(); // the browser sets the multipart boundary
    expect(sent).toBeInstanceOf(FormData);
    const form = sent as unknown as FormData;
    expect([form.get('category'), form.get('content')]).toEqual(['deposit', 'My deposit is late today']);
    expect(form.getAll('images').map((f) => (f as File).name)).toEqual(['a.png', 'b.jpg']);
    await waitFor(() => expect(screen.getByTestId('feedback-content')).toHaveValue(''));
  });

  it('VALID-036 VALID-038 VALID-040 the form names the first problem at its field and sends nothing', async () => {
    const { calls } = stubApi({ '/api/feedback': { value: history } });
    const r = renderWithShell(<FeedbackScreen />, { session: memberSession });
    await screen.findByTestId('feedback-item');
    await r.user.selectOptions(screen.getByTestId('feedback-category'), 'games');
    await r.user.type(screen.getByTestId('feedback-content'), 'too short');
    await r.user.click(screen.getByTestId('feedback-submit'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Write between 3 and 300 words.');
    expect(screen.getByTestId('feedback-content')).toHaveFocus();
    await r.user.type(screen.getByTestId('feedback-content'), ' but now it is long enough');
    const files = [1, 2, 3, 4].map(
      (n) => new File([new Uint8Array([1])], `p${n}.png`, { type: 'image/png' }),
    );
    await r.user.upload(screen.getByTestId('feedback-images'), files);
    await r.user.click(screen.getByTestId('feedback-submit'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose at most 3 pictures.');
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('says when there is no feedback yet', async () => {
    stubApi({ '/api/feedback': { value: { ...history, list: [] } } });
    renderWithShell(<FeedbackScreen />, { session: memberSession });
    expect(await screen.findByTestId('ui-empty')).toHaveTextContent('You have not sent feedback yet.');
  });
});
