import { rm } from 'node:fs/promises';
import { request } from 'node:http';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { generatePdf } from '../apps/api/src/demo/generate-pdf.ts';
import { startApi } from './support/api-server.ts';
import { benchSerial, seedBenchUnit } from './support/bench-unit.ts';
import { numberOption, option } from './support/args.ts';
import { machineSummary } from './support/machine.ts';
import { benchCustomer, mintToken } from './support/token.ts';

/*
 * The machine passport's offline package (GET /api/Units/{serial}/package) of a unit to which N
 * documents apply (default 50: most through a product rule, a fifth as the unit's own documents),
 * each a generated PDF of a few pages, downloaded by the demo customer from the real API process:
 * time to the first byte and total time, several runs (median, min, max), with the processor model
 * (machineSummary) and the load average. Prints its figures; the current ones belong in the table of docs/benchmarks.md.
 *
 *   npx tsx bench/unit-package.ts [--documents 50] [--runs 5] [--data-dir /tmp/portal-bench-unit-package]
 */

const command = 'npx tsx bench/unit-package.ts';
const documentCount = numberOption('documents', 50);
const runs = numberOption('runs', 5);
const dataDir = resolve(option('data-dir', '/tmp/portal-bench-unit-package'));
const serial = benchSerial;

interface Run {
  firstByteMs: number;
  totalMs: number;
  bytes: number;
}

/** One download, read and dropped chunk by chunk. */
function download(url: string, token: string): Promise<Run> {
  return new Promise((done, reject) => {
    const started = performance.now();
    let firstByteMs = -1;
    let bytes = 0;
    request(url, { headers: { authorization: `Bearer ${token}` } }, (response) => {
      if (response.statusCode !== 200) {
        response.resume();
        reject(new Error(`the package answered ${response.statusCode}`));
        return;
      }
      response.on('data', (chunk: Buffer) => {
        if (firstByteMs < 0) firstByteMs = performance.now() - started;
        bytes += chunk.length;
      });
      response.on('end', () => done({ firstByteMs, totalMs: performance.now() - started, bytes }));
      response.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

/** The package's entry count, read from the end-of-central-directory record of one full download. */
async function entryCount(url: string, token: string): Promise<number> {
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  const zip = Buffer.from(await response.arrayBuffer());
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  return end < 0 ? -1 : zip.readUInt16LE(end + 10);
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const spread = (values: number[]) => `${median(values).toFixed(0)} ms (min ${Math.min(...values).toFixed(0)}, max ${Math.max(...values).toFixed(0)})`;

/** Starts the API on the seeded folder, checks the package once, then times `runs` downloads. */
async function measure(): Promise<{ timed: Run[]; entries: number; loadAtStart: number }> {
  const api = await startApi(dataDir);
  try {
    const token = await mintToken({ dataDir }, api.baseUrl, benchCustomer);
    const url = `${api.baseUrl}/api/Units/${serial}/package?language=en`;
    const entries = await entryCount(url, token);
    // The documents plus index.html and manifest.json.
    if (entries !== documentCount + 2) throw new Error(`the package holds ${entries} entries, expected ${documentCount + 2}`);
    const loadAtStart = loadavg()[0]!;
    const timed: Run[] = [];
    for (let run = 1; run <= runs; run++) {
      const result = await download(url, token);
      timed.push(result);
      console.log(`run ${run}: first byte ${result.firstByteMs.toFixed(1)} ms, ${(result.bytes / 1024).toFixed(0)} KiB in ${result.totalMs.toFixed(1)} ms`);
    }
    return { timed, entries, loadAtStart };
  } finally {
    await api.stop();
  }
}

const sourceBytes = await seedBenchUnit({
  dataDir,
  documentCount,
  benchName: 'bench unit-package',
  pdfOf: async (index, title) =>
    Buffer.from(await generatePdf({ title, subtitle: `Bench document ${index + 1}`, sections: [{ heading: 'Text', paragraphs: [`Generated for the offline package benchmark, document ${index + 1}.`] }] }, 4)),
});
const { timed, entries, loadAtStart } = await measure();
const measured = timed.filter((run) => run.firstByteMs >= 0);

const section = [
  '## Machine passport: offline package (issue 15)',
  '',
  `Command: \`${command} --documents ${documentCount} --runs ${runs}\``,
  `Machine: ${machineSummary()}; embedded mode (SQLite, local file storage); ${new Date().toISOString().slice(0, 10)};`,
  `1-minute load average when the downloads started: ${loadAtStart.toFixed(2)}${loadAtStart > 2 ? ' (other work shared the 2 cores)' : ''}.`,
  '',
  `One ARM-6 unit of the demo customer with ${documentCount} documents applying to it (${documentCount - Math.floor(documentCount / 5)} through a product rule,`,
  `${Math.floor(documentCount / 5)} as the unit's own documents), each a generated 4-page PDF (${(sourceBytes / 1024).toFixed(0)} KiB in all).`,
  `\`GET /api/Units/${serial}/package?language=en\` downloaded by the customer from the real API process on the same machine`,
  `(${entries} zip entries: the documents, index.html and manifest.json), ${runs} runs after one checking download.`,
  '',
  '| Measure | Median (min, max) |',
  '| --- | --- |',
  `| Time to the first byte | ${spread(measured.map((run) => run.firstByteMs))} |`,
  `| Total time | ${spread(measured.map((run) => run.totalMs))} |`,
  `| Package size | ${(median(measured.map((run) => run.bytes)) / 1024).toFixed(0)} KiB |`,
].join('\n');
console.log(section);
await rm(dataDir, { recursive: true, force: true });
