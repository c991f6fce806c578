import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { openTestDatabase } from '../../test-support/test-db';
import type { DatabaseHandle } from '../../db/database';
import { outboxMessaging, outboxRepository, smtpMessaging } from './messaging';

describe('message delivery adapters', () => {
  let h: DatabaseHandle;
  beforeAll(async () => {
    h = await openTestDatabase();
  });
  afterAll(async () => h.close());

  it('the development adapter records SMS and e-mail in the outbox, per merchant', async () => {
    const m = outboxMessaging(h.db);
    await m.sendSms({
      merchantId: 1,
      countryDialingCode: '+63',
      mobileNum: '9171234567',
      text: 'Your code is 123456',
    });
    await m.sendEmail({ merchantId: 1, to: 'Ana@Example.com', subject: 'Reset', text: 'Open the link' });
    const repo = outboxRepository(h.db);
    expect(await repo.latestFor(1, '+63 9171234567')).toMatchObject({
      channel: 'sms',
      body: 'Your code is 123456',
    });
    expect(await repo.latestFor(1, 'ana@example.com')).toMatchObject({ channel: 'email', subject: 'Reset' });
    expect(await repo.latestFor(2, '+63 9171234567')).toBeUndefined();
  });

  it('the SMTP adapter hands e-mail to an SMTP server (a local one here)', async () => {
    const received: string[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, done) {
        let data = '';
        stream.on('data', (c: Buffer) => (data += c.toString()));
        stream.on('end', () => {
          received.push(data);
          done();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.server.address() as AddressInfo).port;
    try {
      const m = await smtpMessaging(
        `smtp://127.0.0.1:${port}?ignoreTLS=true`,
        'Panalo <no-reply@panalo.example>',
        outboxMessaging(h.db),
      );
      await m.sendEmail({
        merchantId: 1,
        to: 'ben@example.com',
        subject: 'Reset your password',
        text: 'Open https://x/reset?t=abc',
      });
      expect(received).toHaveLength(1);
      expect(received[0]).toContain('Subject: Reset your password');
      expect(received[0]).toContain('Open https://x/reset?t=abc');
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
