import { ApiError, withQuery, type Query } from '@panalo/client/http';
import { withoutEmpty } from './tab-session';

// What both shells' downloads share (lib/download.ts, the brand console's; `providerDownload` in
// lib/provider-api.ts, the provider's): each passes its own session's token, never the other's.

/**
 * Fetches a file the server builds (a CSV with the list's filters) with `token` as the bearer token —
 * in a header, never in the address — and saves it under the name the server gives (`fallbackName`
 * without one). A refusal throws `ApiError` with its code and status (`no_network` when it never arrived).
 */
export async function downloadFile(
  path: string,
  query: Query | undefined,
  token: string | null,
  fallbackName = 'export.csv',
): Promise<void> {
  const res = await fetch(withQuery(`/api${path}`, query && withoutEmpty(query)), {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  }).catch(() => {
    throw new ApiError('no_network', 0, 'No network');
  });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { code?: string } | null;
    throw new ApiError(body?.code ?? 'unknown_error', res.status, res.statusText);
  }
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
