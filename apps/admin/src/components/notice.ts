import { notifications } from '@mantine/notifications';
import { i18next } from '../i18n';

/** Green: done; gray: refused as asked; yellow: waits for someone else (a second staff member); red: failed. */
export type NoticeColor = 'green' | 'gray' | 'yellow' | 'red';

/**
 * A short message in the corner (what a decision did, why a download failed). Its close button is named
 * in the staff member's language: Mantine's own has no name a screen reader could read.
 */
export function notice(color: NoticeColor, message: string): void {
  notifications.show({
    color,
    message,
    closeButtonProps: { 'aria-label': i18next.t('common.close') },
  });
}
