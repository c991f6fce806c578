/** How long ago a win was, in the largest whole unit: under a minute is "just now". */
export type Ago = { unit: 'now' } | { unit: 'minute' | 'hour' | 'day'; count: number };

export function agoOf(at: string, now: number): Ago {
  const seconds = Math.max(0, Math.floor((now - Date.parse(at)) / 1000));
  if (!Number.isFinite(seconds) || seconds < 60) return { unit: 'now' };
  if (seconds < 3600) return { unit: 'minute', count: Math.floor(seconds / 60) };
  if (seconds < 86_400) return { unit: 'hour', count: Math.floor(seconds / 3600) };
  return { unit: 'day', count: Math.floor(seconds / 86_400) };
}

/** "5 min. ago" / "5 minuto ang nakalipas": the language's own words (TY read as Filipino). */
export function agoText(ago: Exclude<Ago, { unit: 'now' }>, language: string): string {
  const locale = language === 'TY' ? 'fil-PH' : 'en-PH';
  return new Intl.RelativeTimeFormat(locale, { style: 'short', numeric: 'always' }).format(
    -ago.count,
    ago.unit,
  );
}
