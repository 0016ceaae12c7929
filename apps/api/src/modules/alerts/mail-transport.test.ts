import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, describe, expect, it } from 'vitest';
import { listOutbox, readOutboxMail } from './mail-outbox.ts';
import { createMailSender } from './mail-transport.ts';

describe('the mail transport without SMTP_URL', () => {
  const dirs: string[] = [];
  afterAll(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

  it('writes each mail as an .eml file under DATA_DIR/outbox, readable by the server only', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'portal-outbox-'));
    dirs.push(dataDir);
    const send = createMailSender({ dataDir, MAIL_FROM: 'Portal <portal@maker.example>' });
    await send({ to: 'carla@acme.example', subject: 'Nouveau document : Manuel', text: 'Bonjour', html: '<p>Bonjour</p>', headers: { 'List-Unsubscribe': '<http://localhost/unsubscribe/x>' } });
    // Names sort by the millisecond: the second mail is a little later.
    await new Promise((resolve) => setTimeout(resolve, 5));
    await send({ to: 'pat@partner.example', subject: 'Second', text: 'Two', html: '<p>Two</p>', headers: {} });

    const files = (await readdir(join(dataDir, 'outbox'))).filter((file) => file.endsWith('.eml')).sort();
    expect(files).toHaveLength(2);
    const mails = await Promise.all(files.map(async (file) => simpleParser(await readFile(join(dataDir, 'outbox', file)))));
    const first = mails.find((mail) => mail.subject === 'Nouveau document : Manuel');
    expect(first?.text?.trim()).toBe('Bonjour');
    expect(first?.html).toContain('<p>Bonjour</p>');
    expect(first?.headerLines.find((line) => line.key === 'list-unsubscribe')?.line).toContain('http://localhost/unsubscribe/x');
    expect((await stat(join(dataDir, 'outbox', files[0]))).mode & 0o077).toBe(0);

    // What the console lists, newest first, without reading the messages.
    const listed = await listOutbox(dataDir, 0, 10);
    expect(listed.total).toBe(2);
    expect(listed.items.map((item) => item.to)).toEqual(['pat@partner.example', 'carla@acme.example']);
    expect(listed.items[1]).toMatchObject({ subject: 'Nouveau document : Manuel', size: expect.any(Number) });
    expect((await readOutboxMail(dataDir, listed.items[1].id))?.toString()).toContain('Bonjour');
    expect(await readOutboxMail(dataDir, '../secrets/file-url-secret')).toBeUndefined();
  });
});
