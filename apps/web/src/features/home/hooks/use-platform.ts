import { useState } from 'react';
import { browserPlatformInputs, detectPlatform, type Platform } from '../lib/platform';

/** The platform, read once per mount (it does not change while the page is open). */
export function usePlatform(): Platform {
  const [platform] = useState(() => detectPlatform(browserPlatformInputs()));
  return platform;
}
