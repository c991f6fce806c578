import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { StartupBundle } from '@panalo/contract/startup';
import type { WhitelabelFlag } from '@panalo/contract/merchant';
import { imageUrl, pageImageHost, pickImageHost } from '../lib/images';

export interface SiteValue {
  bundle: StartupBundle;
  /** The image host picked once per page load from the merchant's CDN list. */
  imageHost: string;
  img(path: string): string;
  flag(name: WhitelabelFlag): boolean;
}

const SiteContext = createContext<SiteValue | null>(null);

export function SiteProvider({
  bundle,
  children,
  random,
}: {
  bundle: StartupBundle;
  children: ReactNode;
  random?: () => number;
}) {
  const value = useMemo<SiteValue>(() => {
    const imageHost = pageImageHost(bundle.info.imageCDNs) ?? pickImageHost(bundle.info.imageCDNs, random);
    return {
      bundle,
      imageHost,
      img: (path) => imageUrl(imageHost, path),
      flag: (name) => bundle.info.whitelabel[name] === true,
    };
  }, [bundle, random]);
  return <SiteContext.Provider value={value}>{children}</SiteContext.Provider>;
}

/** The merchant's configuration (startup bundle), the image host and the white-label flags. */
export function useSite(): SiteValue {
  const v = useContext(SiteContext);
  if (!v) throw new Error('useSite outside SiteProvider');
  return v;
}
