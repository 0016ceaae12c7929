// Installs what the test suite needs from the system (Debian packages) when it is missing:
// Chromium for end-to-end tests, LibreOffice for Office previews, ffmpeg for video posters, poppler's
// pdftotext as the second text extractor, bubblewrap to run those converters without network, ghostscript for
// the VDI 2770 export's PDF/A and xmllint to check its metadata against the schema, and
// PostgreSQL's server binaries for the test that restarts a private cluster, nginx as the load
// balancer of the cluster test, and OpenCascade's DRAW, the native reader of large CAD files.
// Runs as part of `npm test`; as root it installs with apt-get, otherwise it says what to install.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** Whether some version folder under `root` holds `file` (Debian keeps PostgreSQL under /usr/lib/postgresql/<major>). */
function existsAny(root, file) {
  return existsSync(root) && readdirSync(root).some((version) => existsSync(join(root, version, file)));
}

const needs = [
  { binary: '/usr/bin/chromium', packages: ['chromium'] },
  { binary: '/usr/bin/soffice', packages: ['libreoffice-writer-nogui', 'libreoffice-calc-nogui', 'libreoffice-impress-nogui'] },
  { binary: '/usr/bin/ffmpeg', packages: ['ffmpeg'] },
  { binary: '/usr/bin/pdftotext', packages: ['poppler-utils'] },
  { binary: '/usr/bin/bwrap', packages: ['bubblewrap'] },
  { binary: '/usr/bin/gs', packages: ['ghostscript'] },
  { binary: '/usr/bin/xmllint', packages: ['libxml2-utils'] },
  { binary: '/usr/sbin/nginx', packages: ['nginx'] },
  { binary: '/usr/bin/occt-draw', packages: ['occt-draw'] },
  { binary: () => existsAny('/usr/lib/postgresql', 'bin/initdb'), packages: ['postgresql'] },
];

const missing = needs.filter((need) => !(typeof need.binary === 'function' ? need.binary() : existsSync(need.binary)));
if (missing.length === 0) process.exit(0);

const packages = missing.flatMap((need) => need.packages);
if (process.getuid?.() !== 0) {
  console.error(`Missing system packages for the tests: ${packages.join(' ')}\nInstall them with: sudo apt-get install -y ${packages.join(' ')}`);
  process.exit(1);
}
console.log(`Installing system packages for the tests: ${packages.join(' ')}`);
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
execFileSync('apt-get', ['install', '-y', '-qq', ...packages], { stdio: 'inherit', env });
