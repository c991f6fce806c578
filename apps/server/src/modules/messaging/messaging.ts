import type { Database } from '../../db/database';

export interface SmsMessage {
  merchantId: number;
  /** '+63' and '9171234567' */
  countryDialingCode: string;
  mobileNum: string;
  text: string;
}

export interface EmailMessage {
  merchantId: number;
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** Delivery of SMS and e-mail: the adapters production uses and tests use are the same interface. */
export interface Messaging {
  sendSms(message: SmsMessage): Promise<void>;
  sendEmail(message: EmailMessage): Promise<void>;
}

export const smsRecipient = (countryDialingCode: string, mobileNum: string) =>
  `${countryDialingCode} ${mobileNum}`;

/**
 * Development delivery: every message is written to outbox_message, where the development-only outbox
 * page (and the tests) read it. No message leaves the machine.
 */
export function outboxMessaging(db: Database): Messaging {
  return {
    async sendSms(m) {
      await db
        .insertInto('outbox_message')
        .values({
          merchant_id: m.merchantId,
          channel: 'sms',
          recipient: smsRecipient(m.countryDialingCode, m.mobileNum),
          subject: null,
          body: m.text,
        })
        .execute();
    },
    async sendEmail(m) {
      await db
        .insertInto('outbox_message')
        .values({
          merchant_id: m.merchantId,
          channel: 'email',
          recipient: m.to.toLowerCase(),
          subject: m.subject,
          body: m.text,
        })
        .execute();
    },
  };
}

/** Production e-mail through SMTP (nodemailer); SMS keeps going to the given adapter. */
export async function smtpMessaging(smtpUrl: string, from: string, sms: Messaging): Promise<Messaging> {
  const nodemailer = await import('nodemailer');
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    sendSms: (m) => sms.sendSms(m),
    async sendEmail(m) {
      await transport.sendMail({
        from,
        to: m.to,
        subject: m.subject,
        text: m.text,
        ...(m.html ? { html: m.html } : {}),
      });
    },
  };
}

/** The latest messages sent to a recipient (development outbox page, tests). */
export function outboxRepository(db: Database) {
  return {
    latest(merchantId: number, limit = 50) {
      return db
        .selectFrom('outbox_message')
        .select(['id', 'channel', 'recipient', 'subject', 'body', 'created_at'])
        .where('merchant_id', '=', merchantId)
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },
    latestFor(merchantId: number, recipient: string) {
      return db
        .selectFrom('outbox_message')
        .select(['id', 'channel', 'recipient', 'subject', 'body', 'created_at'])
        .where('merchant_id', '=', merchantId)
        .where('recipient', '=', recipient)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
    },
  };
}
