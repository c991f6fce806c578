import { toast } from '../../../lib/toast';

type Icon = Parameters<typeof toast.show>[2];

/**
 * A loading message that the next toast reliably follows. lib/toast loads the UI kit on first use, and
 * toast calls made before it has arrived can run out of order (a clear could land before the show it
 * should remove, leaving "please wait" up for good); so each step here waits for the one before.
 */
export function loadingToast(text: string, durationMs: number) {
  const shown = toast.show(text, durationMs, 'loading').catch(() => undefined);
  return {
    /** Hides the loading message. */
    async hide(): Promise<void> {
      await shown;
      await toast.clear();
    },
    /** Hides it and shows the next message in its place. */
    async next(nextText: string, nextMs: number, icon?: Icon): Promise<void> {
      await shown;
      await toast.clear();
      await toast.show(nextText, nextMs, icon);
    },
  };
}
