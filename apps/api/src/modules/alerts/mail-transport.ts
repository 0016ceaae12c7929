import nodemailer from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import { writeOutboxMail } from './mail-outbox.ts';

/** One mail to send (nodemailer's message fields the alerts use). */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
}

/** Sends a mail or throws (the job that called it is retried later). */
export type MailSender = (mail: OutgoingMail) => Promise<void>;

export interface MailTransportConfig {
  SMTP_URL?: string;
  MAIL_FROM: string;
  dataDir: string;
}

/**
 * Through SMTP_URL when configured; otherwise each mail is written as an `.eml` file under
 * `DATA_DIR/outbox/` (nodemailer builds the message), so a laptop demo shows real mails.
 */
export function createMailSender(config: MailTransportConfig): MailSender {
  if (config.SMTP_URL) {
    // No pool: a failed connection must not linger; each job opens its own.
    const transport = nodemailer.createTransport({ url: config.SMTP_URL, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 } as SMTPTransport.Options);
    return async (mail) => {
      await transport.sendMail({ from: config.MAIL_FROM, ...mail });
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return async (mail) => {
    const { message } = await transport.sendMail({ from: config.MAIL_FROM, ...mail });
    if (!Buffer.isBuffer(message)) throw new Error('The stream transport did not buffer the message');
    await writeOutboxMail(config.dataDir, message, { to: mail.to, subject: mail.subject });
  };
}
