/** Toast durations of spec §9, in milliseconds. */
export const TOAST_MS = {
  success: 1500,
  successPassword: 1000,
  notice: 1500,
  info: 2000,
  short: 3000,
  long: 8000,
  launchLoading: 3000,
  logoutLoading: 10_000,
  /** "up to 9999 s": a loading toast that stays until the work ends. */
  untilDone: 9_999_000,
} as const;

type Icon = 'success' | 'fail' | 'loading';

// antd-mobile is heavy; it is loaded on the first toast, not with the first page.
const loadToast = () =>
  import('./antd').then(() => import('antd-mobile/es/components/toast')).then((m) => m.default);

/** Shows a toast; resolves once it is on screen. `clear` removes any toast (e.g. a loading one). */
export const toast = {
  async show(content: string, durationMs: number = TOAST_MS.notice, icon?: Icon): Promise<void> {
    const Toast = await loadToast();
    Toast.show({
      content,
      duration: durationMs,
      ...(icon ? { icon } : {}),
      maskClickable: icon !== 'loading',
    });
  },
  async clear(): Promise<void> {
    const Toast = await loadToast();
    Toast.clear();
  },
};
