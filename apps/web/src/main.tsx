import { BOOT_BANNER_SELECTOR, bootBannerPainted } from './app/boot-paint';
import { prefetchHome } from './app/boot-prefetch';

// The app's code is asked for once the page's own first screen has been drawn (see boot-paint.ts); on
// home (the page with the boot banner) together with what the app will ask for first.
const home = document.querySelector(BOOT_BANNER_SELECTOR) !== null;
void bootBannerPainted().then(() => {
  if (home) prefetchHome();
  return import('./app/start');
});
