import { useCallback, useEffect, useRef, useState } from 'react';
import { getCaptcha } from '../api/captcha';

export interface Captcha {
  /** The base64 PNG on screen, or null before the first one arrives. */
  image: string | null;
  failed: boolean;
  /** Fetches a new captcha (the old answer is no longer valid). */
  refresh: () => void;
}

/**
 * A server-made captcha while `active`: fetched when it becomes active, again on refresh. Only the
 * latest request's answer is shown, so quick taps cannot leave an older image on screen.
 */
export function useCaptcha(active: boolean): Captcha {
  const [image, setImage] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const latest = useRef(0);

  const refresh = useCallback(() => {
    const id = ++latest.current;
    getCaptcha().then(
      (png) => {
        if (id !== latest.current) return;
        setImage(png);
        setFailed(false);
      },
      () => {
        if (id === latest.current) setFailed(true);
      },
    );
  }, []);

  useEffect(() => {
    if (!active) return;
    refresh();
    const requests = latest;
    return () => {
      requests.current++; // an answer arriving after this is stale
    };
  }, [active, refresh]);

  return { image: active ? image : null, failed, refresh };
}
