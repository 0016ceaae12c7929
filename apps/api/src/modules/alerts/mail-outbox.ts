import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { OutboxMail } from '@portal/contracts/alerts';

/*
 * The embedded default's mail "server": each mail is kept as `<id>.eml` under DATA_DIR/outbox/, with
 * `<id>.json` beside it holding what the console lists (recipient, subject, time), so listing reads
 * no message. Ids start with the time, so that names sort by age.
 */

export const outboxDir = (dataDir: string) => join(dataDir, 'outbox');

/** An id as this module makes them: time, then a UUID (nothing that could leave the folder). */
const idPattern = /^\d{8}T\d{9}Z-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const isOutboxId = (id: string) => idPattern.test(id);

export async function writeOutboxMail(dataDir: string, message: Buffer, summary: { to: string; subject: string }): Promise<string> {
  const folder = outboxDir(dataDir);
  await mkdir(folder, { recursive: true, mode: 0o700 });
  const createdAt = new Date().toISOString();
  const id = `${createdAt.replace(/[-:.]/g, '')}-${randomUUID()}`;
  await writeFile(join(folder, `${id}.eml`), message, { mode: 0o600 });
  await writeFile(join(folder, `${id}.json`), JSON.stringify({ ...summary, createdAt }), { mode: 0o600 });
  return id;
}

/** The kept mails, newest first, one page of them. */
export async function listOutbox(dataDir: string, offset: number, limit: number): Promise<{ items: OutboxMail[]; total: number }> {
  const names = await readdir(outboxDir(dataDir)).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [] as string[];
    throw error;
  });
  const ids = names.filter((name) => name.endsWith('.eml')).map((name) => name.slice(0, -4)).filter(isOutboxId).sort().reverse();
  const items = await Promise.all(
    ids.slice(offset, offset + limit).map(async (id): Promise<OutboxMail> => {
      const [summary, file] = await Promise.all([
        readFile(join(outboxDir(dataDir), `${id}.json`), 'utf8').then((text) => JSON.parse(text) as Partial<OutboxMail>).catch(() => ({}) as Partial<OutboxMail>),
        stat(join(outboxDir(dataDir), `${id}.eml`)),
      ]);
      return { id, to: summary.to ?? '', subject: summary.subject ?? '', createdAt: summary.createdAt ?? file.mtime.toISOString(), size: file.size };
    }),
  );
  return { items, total: ids.length };
}

/** The raw message, or undefined when there is no such mail. */
export async function readOutboxMail(dataDir: string, id: string): Promise<Buffer | undefined> {
  if (!isOutboxId(id)) return undefined;
  return readFile(join(outboxDir(dataDir), `${id}.eml`)).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
}
