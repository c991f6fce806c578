/** How long ago a win was, in the largest whole unit: under a minute is "just now". */
export type Ago = { unit: 'now' } | { unit: 'minute' | 'hour' | 'day'; count: number };

export function agoOf(at: string, now: number): Ago {
  const seconds = Math.max(0, Math.floor((now - Date.parse(at)) / 1000));
  if (!Number.isFinite(seconds) || seconds < 60) return { unit: 'now' };
  if (seconds < 3600) return { unit: 'minute', count: Math.floor(seconds / 60) };
  if (seconds < 86_400) return { unit: 'hour', count: Math.floor(seconds / 3600) };
  return { unit: 'day', count: Math.floor(seconds / 86_400) };
}

/** The catalogue key of how long ago (`home.winsFeed.ago.minute` with `count`): words from the catalogue, not
 * Intl.RelativeTimeFormat, whose first use in a language costs the phone a long task while home loads. */
export function agoKey(
  ago: Exclude<Ago, { unit: 'now' }>,
): `home.winsFeed.ago.${Exclude<Ago, { unit: 'now' }>['unit']}` {
  return `home.winsFeed.ago.${ago.unit}`;
}
