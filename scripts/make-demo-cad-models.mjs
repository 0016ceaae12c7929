// Makes the demo's CAD models (apps/api/src/demo/cad-models/*.stp, *.igs) with OpenCascade's DRAW:
//   apt-get install -y occt-draw && node scripts/make-demo-cad-models.mjs
// The results are committed; the demo seed and its tests read them, so OpenCascade is needed only to change them.
import { readdirSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { runOcctDraw } from './occt-draw.mjs';

const folder = fileURLToPath(new URL('../apps/api/src/demo/cad-models/', import.meta.url));
runOcctDraw(`${folder}make-demo-models.tcl`, { out: folder.replace(/\/$/, '') });
for (const name of readdirSync(folder).filter((file) => /\.(stp|igs)$/.test(file)).sort()) {
  console.log(`${name.padEnd(24)} ${(statSync(`${folder}${name}`).size / 1024).toFixed(0).padStart(5)} KB`);
}
