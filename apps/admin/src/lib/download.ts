import { ApiError, consoleSession, withQuery, withoutEmpty, type Query } from './api';

/**
 * Downloads a CSV the server builds (the list's filters applied there): fetched with the staff session's
 * bearer token, then saved under the name the server gives.
 */
export async function downloadCsv(path: string, query?: Query): Promise<void> {
  const token = consoleSession.token();
  const res = await fetch(withQuery(`/api${path}`, query && withoutEmpty(query)), {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  }).catch(() => {
    throw new ApiError('no_network', 0, 'No network');
  });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { code?: string } | null;
    throw new ApiError(body?.code ?? 'unknown_error', res.status, res.statusText);
  }
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'export.csv';
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
