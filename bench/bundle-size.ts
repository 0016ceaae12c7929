import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { option } from './support/args.ts';
import { machineSummary } from './support/machine.ts';
import { bytesByPackage } from './support/source-map-sizes.ts';
import { buildWeb } from './support/web-build.ts';

/*
 * JavaScript of the first route: what the browser must fetch before a page landed on directly can
 * run, i.e. the entry chunk of index.html and its static imports and the user's translations (the
 * shell), plus the page's own
 * chunk (a lazy route) and its static imports, gzipped with zlib's default level. Measured for each
 * page a user can land on, from Vite's build manifest; chunks loaded later with import() (pdf.js,
 * the viewer) are listed apart. Target: at most 200 KB gzipped on every landing route.
 *
 *   npx tsx bench/bundle-size.ts [--dist <an existing build with .vite/manifest.json>]
 */

const targetBytes = 200 * 1024;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

const given = option('dist', '');
const dist = given || (await mkdtemp(join(tmpdir(), 'portal-bundle-')));
if (!given) console.log(`built in ${((await buildWeb(dist)) / 1000).toFixed(1)} s`);

interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
const manifest = JSON.parse(await readFile(join(dist, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;

/** The chunk files of these manifest entries and of everything they import statically. */
function staticClosure(keys: string[]): Set<string> {
  const seen = new Set<string>();
  const files = new Set<string>();
  const queue = [...keys];
  while (queue.length > 0) {
    const key = queue.shift()!;
    if (seen.has(key)) continue;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build manifest`);
    files.add(chunk.file);
    queue.push(...(chunk.imports ?? []));
  }
  return files;
}

/** The pages a user can land on, by their route modules (app/routes.tsx). */
const landingRoutes: Record<string, string[]> = {
  '/': ['src/features/home/components/home-page.tsx'],
  '/resources': ['src/features/resources/components/resources-page.tsx'],
  '/favorites': ['src/features/favorites/components/favorites-page.tsx'],
  '/software': ['src/features/software/components/software-page.tsx'],
  '/software/{name}': ['src/app/routes/software-item-route.tsx'],
  '/cadFiles/robotConfigurator': ['src/features/cad-files/components/cad-files-page.tsx', 'src/features/cad-files/components/robot-configurator-page.tsx'],
  '/DocumentLink/{ref}': ['src/app/routes/document-link-route.tsx'],
};

const gzippedSize = new Map<string, number>();
async function gzipped(file: string): Promise<number> {
  if (!gzippedSize.has(file)) gzippedSize.set(file, gzipSync(await readFile(join(dist, file))).length);
  return gzippedSize.get(file)!;
}
const sum = async (files: Iterable<string>) => {
  let total = 0;
  for (const file of files) total += await gzipped(file);
  return total;
};

/*
 * The boot loads the user's translations (one chunk per locale, import()) before the first page
 * renders, so the shell counts one of them: the largest, whichever language the user has.
 */
const localeKeys = Object.keys(manifest).filter((key) => /^src\/locales\/[^/]+\.json$/.test(key));
if (localeKeys.length === 0) throw new Error('no translation chunks in the manifest: are the locales still loaded with import()?');
let localeKey = localeKeys[0]!;
for (const key of localeKeys) if ((await gzipped(manifest[key]!.file)) > (await gzipped(manifest[localeKey]!.file))) localeKey = key;

const shell = staticClosure(['index.html', localeKey]);
const firstRoute = new Set(shell);
console.log(machineSummary());
console.log(`\nshell (index.html's entry, its static imports and the largest translations, ${localeKey}): ${kb(await sum(shell))} gzipped in ${shell.size} chunks`);
console.log('\nfirst-route JavaScript by landing page (shell + page chunk + its static imports):');
let worst = 0;
for (const [route, modules] of Object.entries(landingRoutes)) {
  const files = staticClosure(['index.html', localeKey, ...modules]);
  files.forEach((file) => firstRoute.add(file));
  const total = await sum(files);
  worst = Math.max(worst, total);
  const own = [...files].filter((file) => !shell.has(file));
  console.log(`  ${route.padEnd(30)} ${kb(total).padStart(9)}  (page: ${own.map((file) => `${file.replace('assets/', '')} ${kb(gzippedSize.get(file)!)}`).join(', ')})`);
}
const total = worst;
const lazy = new Set(Object.values(manifest).map((chunk) => chunk.file).filter((file) => file.endsWith('.js') && !firstRoute.has(file)));
// pdf.js's worker is started from its URL, not imported: list it with the lazy chunks.
for (const name of await readdir(join(dist, 'assets'))) if (/worker.*\.m?js$/.test(name)) lazy.add(join('assets', name));
const stylesheets = manifest['index.html']?.css ?? [];

const packages = new Map<string, number>();
console.log('\nchunks of the shell:');
for (const file of shell) {
  const code = await readFile(join(dist, file));
  console.log(`  ${file}  ${kb(code.length)} raw, ${kb(gzipSync(code).length)} gzipped`);
  const map = JSON.parse(await readFile(join(dist, `${file}.map`), 'utf8').catch(() => 'null'));
  if (map) for (const [name, bytes] of bytesByPackage(code.toString('utf8'), map)) packages.set(name, (packages.get(name) ?? 0) + bytes);
}
for (const file of stylesheets) {
  const css = await readFile(join(dist, file));
  console.log(`  ${file}  ${kb(css.length)} raw, ${kb(gzipSync(css).length)} gzipped (CSS, not counted)`);
}

console.log('\nlargest contributors to the shell (minified bytes):');
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

console.log(`\nfirst-route JavaScript, heaviest landing page: ${kb(total)} gzipped (target ≤ ${kb(targetBytes)}) — ${total <= targetBytes ? 'met' : 'NOT met'}`);
console.log(`pdf.js on the first route: ${pdfjsOnFirstRoute ? 'YES (it must load only with the viewer)' : 'no'}`);
if (!given) await rm(dist, { recursive: true, force: true });
process.exitCode = total <= targetBytes && !pdfjsOnFirstRoute ? 0 : 1;
