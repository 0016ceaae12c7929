import { createHmac, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { sharedSecret } from '../../platform/db/shared-secrets.ts';

/*
 * The subjects erased (docs/security.md, erasure). A row holds an HMAC-SHA256 of the subject under a key
 * every process shares (in shared_secrets) and the date: an external
 * provider's subject may be guessable (an e-mail, a counter), and a plain hash would confirm a guess.
 */

const keyName = 'erased-subjects-key';

/** The shared key of the digests (made by the first process that needs it). */
export const erasedSubjectsKey = (db: Kysely<Database>) => sharedSecret(db, keyName, () => randomBytes(32).toString('base64url'));

const digestOf = (key: string, sub: string) => createHmac('sha256', key).update(sub, 'utf8').digest('base64url');

/** Lists the subject as erased (in the erasure's transaction). */
export async function recordErasedSubject(trx: Kysely<Database>, sub: string, erasedAt: string): Promise<void> {
  const subjectDigest = digestOf(await erasedSubjectsKey(trx), sub);
  await trx.insertInto('erased_subjects').values({ subjectDigest, erasedAt }).onConflict((c) => c.column('subjectDigest').doNothing()).execute();
}

/** Whether a subject was erased: one primary-key lookup (the key is read once per database handle). */
export function erasedSubjectLookup(db: Kysely<Database>): (sub: string) => Promise<boolean> {
  let key: Promise<string> | undefined;
  return async (sub) => {
    key ??= erasedSubjectsKey(db).catch((error: unknown) => {
      key = undefined;
      throw error;
    });
    const subjectDigest = digestOf(await key, sub);
    return (await db.selectFrom('erased_subjects').select('subjectDigest').where('subjectDigest', '=', subjectDigest).executeTakeFirst()) !== undefined;
  };
}
