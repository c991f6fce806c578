import { useEffect, useState } from 'react';
import { feedbackImagePath } from '@panalo/contract/feedback-rules';
import { feedbackImage } from '../api/feedback';

/** One image of my feedback, fetched with my session and shown from an object URL. */
export function FeedbackImage({ id, n, alt }: { id: string; n: number; alt: string }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const ctrl = new AbortController();
    let made: string | null = null;
    feedbackImage(feedbackImagePath(id, n), ctrl.signal).then(
      (blob) => {
        made = URL.createObjectURL(blob);
        setUrl(made);
      },
      () => undefined,
    );
    return () => {
      ctrl.abort();
      if (made) URL.revokeObjectURL(made);
    };
  }, [id, n]);
  return url ? (
    <img className="feedback-thumb" src={url} alt={alt} data-testid="feedback-image" />
  ) : (
    <span className="feedback-thumb feedback-thumb--empty" aria-hidden="true" />
  );
}
