/**
 * A browser's user-agent string as staff read it: "Chrome 120 · Android", "Safari 17 · iPhone"; null when
 * there is none. Only the common browsers and systems are named; anything else is "Other browser".
 */
export function describeUserAgent(ua: string | null): string | null {
  if (!ua) return null;
  const version = (re: RegExp) => ua.match(re)?.[1];
  const browser =
    (version(/EdgA?\/(\d+)/) && `Edge ${version(/EdgA?\/(\d+)/)}`) ||
    (version(/SamsungBrowser\/(\d+)/) && `Samsung Internet ${version(/SamsungBrowser\/(\d+)/)}`) ||
    (version(/(?:OPR|Opera)\/(\d+)/) && `Opera ${version(/(?:OPR|Opera)\/(\d+)/)}`) ||
    (version(/Firefox\/(\d+)/) && `Firefox ${version(/Firefox\/(\d+)/)}`) ||
    (version(/(?:Chrome|CriOS)\/(\d+)/) && `Chrome ${version(/(?:Chrome|CriOS)\/(\d+)/)}`) ||
    (/Safari\//.test(ua) && version(/Version\/(\d+)/) && `Safari ${version(/Version\/(\d+)/)}`) ||
    'Other browser';
  const system = /iPhone/.test(ua)
    ? 'iPhone'
    : /iPad/.test(ua)
      ? 'iPad'
      : /Android/.test(ua)
        ? 'Android'
        : /Windows/.test(ua)
          ? 'Windows'
          : /Mac OS X|Macintosh/.test(ua)
            ? 'macOS'
            : /Linux/.test(ua)
              ? 'Linux'
              : null;
  return system ? `${browser} · ${system}` : browser;
}
