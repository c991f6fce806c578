import { Image } from '@mantine/core';
import { useEffect, useState } from 'react';
import { consoleSession } from '../lib/api';

/**
 * An image the server shows to staff only (a member's upload: feedback, an application), fetched with
 * the staff session; the server checks it belongs to this merchant. Nothing is shown until it arrives.
 */
export function AuthImage({ path, alt }: { path: string; alt: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let url: string | null = null;
    let live = true;
    const token = consoleSession.token();
    void fetch(`/api${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} })
      .then((r) => (r.ok ? r.blob() : null))
      .then((b) => {
        if (b && live) {
          url = URL.createObjectURL(b);
          setSrc(url);
        }
      })
      .catch(() => undefined);
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [path]);
  return src ? (
    <a href={src} target="_blank" rel="noreferrer">
      <Image src={src} alt={alt} w={72} h={72} fit="cover" radius="sm" />
    </a>
  ) : null;
}
