import { Image } from '@mantine/core';
import { useEffect, useEffectEvent, useState, type ReactNode } from 'react';
import { consoleSession } from '../lib/api';

/**
 * An image the server shows to staff only (a member's upload: feedback, an application, an identity
 * document), fetched with the staff session; the server checks it belongs to this merchant. Nothing is
 * shown until it arrives (or `pending`, then `failed` if it does not). A thumbnail by default; `w`, `h`
 * and `fit` make it as large as it must be read. It links to itself, full size, in a new tab. Fetched
 * once per mount (and per path): a server that audits each view sees each time the image is shown.
 */
export function AuthImage(props: {
  path: string;
  alt: string;
  w?: number | string;
  h?: number | string;
  fit?: 'cover' | 'contain';
  /** Shown while it loads. */
  pending?: ReactNode;
  /** Shown when it could not be loaded. */
  failed?: ReactNode;
  /** Told once the image arrived (true) or could not be loaded (false). */
  onSettled?: (ok: boolean) => void;
}) {
  const { path } = props;
  const [state, setState] = useState<{ path: string; src: string | null; failed: boolean } | null>(null);
  const settled = useEffectEvent((ok: boolean) => props.onSettled?.(ok));
  useEffect(() => {
    let url: string | null = null;
    let live = true;
    const abort = new AbortController();
    const token = consoleSession.token();
    void fetch(`/api${path}`, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
      signal: abort.signal,
    })
      .then((r) => (r.ok ? r.blob() : null))
      .then((b) => {
        if (!live) return;
        if (b) url = URL.createObjectURL(b);
        setState({ path, src: url, failed: !b });
        settled(b !== null);
      })
      .catch(() => {
        if (!live) return;
        setState({ path, src: null, failed: true });
        settled(false);
      });
    return () => {
      live = false;
      abort.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [path]);
  const current = state?.path === path ? state : null;
  if (!current) return props.pending ?? null;
  if (!current.src) return current.failed ? (props.failed ?? null) : null;
  return (
    <a href={current.src} target="_blank" rel="noreferrer">
      <Image
        src={current.src}
        alt={props.alt}
        w={props.w ?? 72}
        h={props.h ?? 72}
        fit={props.fit ?? 'cover'}
        radius="sm"
      />
    </a>
  );
}
