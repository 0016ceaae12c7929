import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { option } from './support/args.ts';
import { machineSummary } from './support/machine.ts';
import { bytesByPackage } from './support/source-map-sizes.ts';
import { buildWeb } from './support/web-build.ts';

/*
 * JavaScript the first route loads: the entry chunk of index.html and every chunk it imports
 * statically (the module graph the browser must fetch before the app runs), gzipped with zlib's
 * default level. Lazy chunks (import()) are listed apart: pdf.js must be one of them. Target: at
 * most 200 KB gzipped.
 *
 *   npx tsx bench/bundle-size.ts [--dist <an existing build>]
 */

const targetBytes = 200 * 1024;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

const given = option('dist', '');
const dist = given || (await mkdtemp(join(tmpdir(), 'portal-bundle-')));
if (!given) console.log(`built in ${((await buildWeb(dist)) / 1000).toFixed(1)} s`);

const html = await readFile(join(dist, 'index.html'), 'utf8');
const entry = /<script[^>]+type="module"[^>]+src="\/([^"]+)"/.exec(html)?.[1];
if (!entry) throw new Error('index.html has no module script');
const stylesheets = [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="\/([^"]+)"/g)].map((match) => match[1]);

/** The chunk files `code` imports statically (`import … from "./x.js"`, `import "./x.js"`), not `import("./x.js")`. */
function staticImports(code: string): string[] {
  return [...code.matchAll(/\bimport\s*(?:[\w*{}\s,$]+from\s*)?["'`](\.\/[^"'`]+\.js)["'`]/g)].map((match) => match[1].slice(2));
}
function dynamicImports(code: string): string[] {
  return [...code.matchAll(/\bimport\(\s*["'`](\.\/[^"'`]+\.js)["'`]\s*\)/g)].map((match) => match[1].slice(2));
}

const firstRoute = new Set<string>();
const lazy = new Set<string>();
const queue = [entry];
while (queue.length > 0) {
  const file = queue.shift()!;
  if (firstRoute.has(file)) continue;
  firstRoute.add(file);
  const code = await readFile(join(dist, file), 'utf8');
  queue.push(...staticImports(code).map((name) => join('assets', name)));
  dynamicImports(code).forEach((name) => lazy.add(join('assets', name)));
}
firstRoute.forEach((file) => lazy.delete(file));
// pdf.js's worker is started from its URL, not imported: list it with the lazy chunks.
for (const name of await readdir(join(dist, 'assets'))) if (/worker.*\.m?js$/.test(name)) lazy.add(join('assets', name));

const packages = new Map<string, number>();
let total = 0;
console.log(machineSummary());
console.log('\nfirst route (entry + static imports):');
for (const file of firstRoute) {
  const code = await readFile(join(dist, file));
  const gzipped = gzipSync(code).length;
  total += gzipped;
  console.log(`  ${file}  ${kb(code.length)} raw, ${kb(gzipped)} gzipped`);
  const map = JSON.parse(await readFile(join(dist, `${file}.map`), 'utf8').catch(() => 'null'));
  if (map) for (const [name, bytes] of bytesByPackage(code.toString('utf8'), map)) packages.set(name, (packages.get(name) ?? 0) + bytes);
}
for (const file of stylesheets) {
  const css = await readFile(join(dist, file));
  console.log(`  ${file}  ${kb(css.length)} raw, ${kb(gzipSync(css).length)} gzipped (CSS, not counted)`);
}

console.log('\nlargest contributors to the first route (minified bytes):');
for (const [name, bytes] of [...packages].sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.TOP ?? 15))) console.log(`  ${name.padEnd(36)} ${kb(bytes)}`);

console.log('\nlazy chunks:');
let pdfjsOnFirstRoute = false;
for (const file of lazy) {
  const code = await readFile(join(dist, file));
  console.log(`  ${file}  ${kb(gzipSync(code).length)} gzipped`);
}
for (const file of firstRoute) {
  const map = await readFile(join(dist, `${file}.map`), 'utf8').catch(() => '');
  if (map.includes('node_modules/pdfjs-dist/')) pdfjsOnFirstRoute = true;
}

console.log(`\nfirst-route JavaScript: ${kb(total)} gzipped (target ≤ ${kb(targetBytes)}) — ${total <= targetBytes ? 'met' : 'NOT met'}`);
console.log(`pdf.js on the first route: ${pdfjsOnFirstRoute ? 'YES (it must load only with the viewer)' : 'no'}`);
if (!given) await rm(dist, { recursive: true, force: true });
process.exitCode = total <= targetBytes && !pdfjsOnFirstRoute ? 0 : 1;
