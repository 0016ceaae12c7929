import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { runCli } from './run-cli.ts';
import { withCommandDatabase } from './command-database.ts';
import { commandContext, pruneAuditOlderThan, verifyAuditChain } from '../modules/audit/index.ts';

/*
 * npm run audit -- prune --older-than-days N   removes audit entries older than N days (the retention)
 * npm run audit -- verify                      checks the hash chain, like GET /api/Admin/audit/verify
 * The only way entries leave the log: no API route changes or removes one.
 */

const usage = 'Usage: npm run audit -- prune --older-than-days <days> | npm run audit -- verify';

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({ allowPositionals: true, options: { 'older-than-days': { type: 'string' }, help: { type: 'boolean' } } });
  const [command] = positionals;
  if (values.help || positionals.length !== 1 || (command !== 'prune' && command !== 'verify')) {
    console.error(usage);
    return values.help ? 0 : 2;
  }
  const days = Number(values['older-than-days']);
  if (command === 'prune' && (!/^\d{1,6}$/.test(values['older-than-days'] ?? '') || days < 1)) {
    console.error(`--older-than-days must be a whole number of days, at least 1\n${usage}`);
    return 2;
  }

  const config = loadConfig();
  return withCommandDatabase(config, async (db) => {
    if (command === 'prune') {
      const { removed, anchorSeq } = await pruneAuditOlderThan(db, days, commandContext(`npm run audit -- prune --older-than-days ${days}`));
      console.log(`Removed ${removed} audit entries older than ${days} days; the chain now starts after entry ${anchorSeq}.`);
    }
    const verdict = await verifyAuditChain(db);
    console.log(verdict.intact ? `The audit chain is intact (${verdict.entries} ${verdict.entries === 1 ? "entry" : "entries"}).` : `The audit chain is broken at entry ${verdict.broken.seq}: ${verdict.broken.reason}.`);
    return verdict.intact ? 0 : 1;
  });
}

runCli(main);
