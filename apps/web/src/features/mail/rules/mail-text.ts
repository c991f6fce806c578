import type { MailItem } from '@panalo/contract/mail';
import { MAIL_TEMPLATES, type MailTemplate } from '@panalo/contract/mail-rules';

type T = (key: string, options?: Record<string, unknown>) => string;

const known = (template: string | null): template is MailTemplate =>
  (MAIL_TEMPLATES as readonly string[]).includes(template ?? '');

/**
 * What a mail is called in the list: an operator's title as written, a system mail's title from its
 * template in the reader's language (mail.json).
 */
export function mailTitle(t: T, m: Pick<MailItem, 'title' | 'template'>): string {
  if (m.title !== null) return m.title;
  return known(m.template) ? t(`mail.system.${m.template}.title`) : t('mail.system.unknown');
}

/** A system mail's text: its template with the parameters the server wrote (amounts, reasons, dates). */
export function systemMailText(
  t: T,
  m: Pick<MailItem, 'template' | 'params'>,
  formatDate: (iso: string) => string,
) {
  if (!known(m.template)) return t('mail.system.unknown');
  const p = m.params;
  const kind = p.kind ? t(`mail.kinds.${p.kind}`, { defaultValue: p.kind }) : '';
  const until = p.until ? formatDate(p.until) : '';
  const key =
    m.template === 'withdrawal_rejected' && !p.reason
      ? 'mail.system.withdrawal_rejected.bodyNoReason'
      : m.template === 'self_excluded' && !p.until
        ? 'mail.system.self_excluded.bodyForever'
        : `mail.system.${m.template}.body`;
  return t(key, { ...p, kind, until });
}
