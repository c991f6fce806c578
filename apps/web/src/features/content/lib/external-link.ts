/**
 * Customer-service addresses come from merchant configuration; only web, Telegram, mail and phone links
 * are opened, so a mistyped or hostile value (javascript:, data:) never becomes a link.
 */
export function isSafeExternalUrl(url: string): boolean {
  return /^(https?:\/\/|tg:\/\/|mailto:|tel:)/i.test(url.trim());
}
