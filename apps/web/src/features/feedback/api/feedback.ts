import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FeedbackItem, FeedbackList } from '@panalo/contract/feedback';
import { FEEDBACK_API } from '@panalo/contract/feedback-rules';
import { ApiError, apiGet, apiRequest } from '../../../lib/api';
import { session } from '../../../lib/session';
import { useSession } from '../../../lib/session';

export const feedbackKeys = { mine: (token: string) => ['feedback', 'mine', token] as const };

/** My feedback with the operator's replies, and the merchant's word bounds. */
export function useMyFeedback() {
  const token = useSession()?.token ?? '';
  return useQuery({
    queryKey: feedbackKeys.mine(token),
    queryFn: ({ signal }) => apiGet<FeedbackList>(FEEDBACK_API.mine, { signal }),
    enabled: token !== '',
  });
}

/** PUT /api/feedback as multipart (spec §7: feedback uses PUT): category, content, images. */
export function useSendFeedback() {
  const client = useQueryClient();
  const token = useSession()?.token ?? '';
  return useMutation({
    mutationFn: (o: { category: string; content: string; images: File[] }) => {
      const form = new FormData();
      form.set('category', o.category);
      form.set('content', o.content);
      for (const f of o.images) form.append('images', f, f.name);
      return apiRequest<FeedbackItem>('PUT', FEEDBACK_API.mine, { body: form });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: feedbackKeys.mine(token) }),
  });
}

/** An image of my feedback: served only with my session, so fetched as a Blob for an object URL. */
export async function feedbackImage(path: string, signal?: AbortSignal): Promise<Blob> {
  const token = session.get()?.token;
  const res = await fetch(`/api${path}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
    signal: signal ?? null,
    credentials: 'same-origin',
  });
  if (!res.ok) throw new ApiError('feedback_unknown', res.status, res.statusText);
  return res.blob();
}
