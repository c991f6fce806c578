import type ToastApi from 'antd-mobile/es/components/toast';
import { announce } from './announce';
/** Toast durations of spec §9, in milliseconds. */
export const TOAST_MS = {
  success: 1500,
  successPassword: 1000,
  notice: 1500,
  info: 2000,
  launchLoading: 3000,
  logoutLoading: 10_000,
  /** "up to 9999 s": a loading toast that stays until the work ends. */
  untilDone: 9_999_000,
} as const;

type Icon = 'success' | 'fail' | 'loading';

// antd-mobile is heavy; it is loaded on the first toast, not with the first page.
let toastModule: Promise<typeof ToastApi> | undefined;
const loadToast = () =>
  (toastModule ??= import('./antd')
    .then(() => import('antd-mobile/es/components/toast'))
    .then((m) => m.default));

// Every toast operation runs in the order it was asked for, even while the UI kit is still loading
// (otherwise a clear could overtake the show it was meant to remove, leaving 'please wait' up for good).
let queue: Promise<unknown> = Promise.resolve();
function inOrder(op: (t: Awaited<ReturnType<typeof loadToast>>) => void): Promise<void> {
  const run = queue.then(async () => op(await loadToast()));
  queue = run.catch(() => undefined);
  return run;
}

/**
 * Shows a toast; resolves once it is on screen. `clear` removes any toast (e.g. a loading one). The UI
 * kit's toast is no live region, so its text is also read out (a failure at once, the rest politely).
 */
export const toast = {
  show(content: string, durationMs: number = TOAST_MS.notice, icon?: Icon): Promise<void> {
    announce(content, icon === 'fail');
    return inOrder((Toast) => {
      Toast.show({
        content,
        duration: durationMs,
        ...(icon ? { icon } : {}),
        maskClickable: icon !== 'loading',
      });
    });
  },
  clear(): Promise<void> {
    return inOrder((Toast) => Toast.clear());
  },
};
