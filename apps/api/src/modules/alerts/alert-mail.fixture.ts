import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { expect, vi } from 'vitest';
import type { TestApp } from '../../test/test-app.ts';
import { alertJobKinds } from './alert-job-kinds.ts';

export { freePort } from '../../test/free-port.ts';

/* What the alert mail tests share: a real SMTP server, a free port, and waiting for the alert jobs. */

/** A real SMTP server (the `smtp-server` package) that keeps every mail it receives, parsed. */
export async function startSmtpServer(port = 0) {
  const received: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream).then((mail) => {
        received.push(mail);
        callback();
      }, callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { received, port: (server.server.address() as AddressInfo).port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** Waits until no fan-out, mail or digest job is queued or running (the hourly tick waits in the future). */
export async function alertJobsSettled(t: TestApp, timeout = 20_000): Promise<void> {
  await vi.waitFor(
    async () => {
      const busy = await t.db
        .selectFrom('jobs')
        .select('id')
        .where('kind', 'in', [alertJobKinds.fanOut, alertJobKinds.fanOutSoftware, alertJobKinds.fanOutCad, alertJobKinds.fanOutCatchUp, alertJobKinds.mail, alertJobKinds.digest])
        .where('status', 'in', ['queued', 'running'])
        .execute();
      expect(busy).toEqual([]);
    },
    { timeout, interval: 100 },
  );
}

/** The mails received for one address. */
export const mailsOf = (received: readonly ParsedMail[], address: string) =>
  received.filter((mail) => mail.to && !Array.isArray(mail.to) && mail.to.text === address);
