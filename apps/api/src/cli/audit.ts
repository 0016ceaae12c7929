import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { runCli } from './run-cli.ts';
import { withCommandDatabase } from './command-database.ts';
import { auditCheckpointing, commandContext, pruneAuditOlderThan, verifyWithCheckpoints, writeCheckpoint } from '../modules/audit/index.ts';

/*
 * npm run audit -- prune --older-than-days N   removes audit entries older than N days (the retention)
 * npm run audit -- verify                      checks the hash chain and its signed checkpoints, like GET /api/Admin/audit/verify
 * npm run audit -- checkpoint                  signs the chain's head now (AUDIT_SIGNING_KEY) and writes it outside the database
 * The only way entries leave the log: no API route changes or removes one.
 */

const usage = 'Usage: npm run audit -- prune --older-than-days <days> | npm run audit -- verify | npm run audit -- checkpoint';
const commands = new Set(['prune', 'verify', 'checkpoint']);

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({ allowPositionals: true, options: { 'older-than-days': { type: 'string' }, help: { type: 'boolean' } } });
  const [command] = positionals;
  if (values.help || positionals.length !== 1 || !command || !commands.has(command)) {
    console.error(usage);
    return values.help ? 0 : 2;
  }
  const days = Number(values['older-than-days']);
  if (command === 'prune' && (!/^\d{1,6}$/.test(values['older-than-days'] ?? '') || days < 1)) {
    console.error(`--older-than-days must be a whole number of days, at least 1\n${usage}`);
    return 2;
  }

  const config = loadConfig();
  const checkpointing = await auditCheckpointing(config);
  if (command === 'checkpoint' && !checkpointing) {
    console.error('No audit signing key: set AUDIT_SIGNING_KEY or AUDIT_SIGNING_KEY_FILE (and AUDIT_CHECKPOINT_DIR, or S3 storage).');
    return 2;
  }
  return withCommandDatabase(config, async (db) => {
    if (command === 'prune') {
      const { removed, anchorSeq } = await pruneAuditOlderThan(db, days, commandContext(`npm run audit -- prune --older-than-days ${days}`));
      console.log(`Removed ${removed} audit entries older than ${days} days; the chain now starts after entry ${anchorSeq}.`);
    }
    if (command === 'checkpoint' && checkpointing) {
      // Never sign a chain that does not verify: the signature would vouch for the rewrite.
      const before = await verifyWithCheckpoints(db, checkpointing);
      if (!before.intact) {
        console.error(`Not signing: the audit chain is broken at entry ${before.broken.seq}: ${before.broken.reason}.`);
        return 1;
      }
      const { checkpoint } = await writeCheckpoint(db, checkpointing.signer, checkpointing.store);
      console.log(`Signed the chain's head (entry ${checkpoint.seq}) with key ${checkpoint.keyId} into the ${checkpointing.store.description}.`);
    }
    const verdict = await verifyWithCheckpoints(db, checkpointing);
    const against = verdict.checkpoints ? `, checked against ${verdict.checkpoints.checked} signed checkpoints` : ', without checkpoints (no signing key)';
    console.log(
      verdict.intact
        ? `The audit chain is intact (${verdict.entries} ${verdict.entries === 1 ? 'entry' : 'entries'}${against}).`
        : `The audit chain is broken at entry ${verdict.broken.seq}: ${verdict.broken.reason}.`,
    );
    return verdict.intact ? 0 : 1;
  });
}

runCli(main);
