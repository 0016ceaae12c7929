import { fileURLToPath } from 'node:url';
import type { Alias } from 'vite';

/*
 * The web app is written against React's API and runs on Preact (preact/compat): the same
 * components in about a tenth of the JavaScript, which is what keeps a page's first load small.
 * The build and the component tests resolve React's modules to Preact's through these aliases.
 */
const reactCompat = fileURLToPath(new URL('./react-compat.js', import.meta.url));

export const preactAliases: Alias[] = [
  { find: /^react$/, replacement: reactCompat },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  // React's own shim of useSyncExternalStore (react-i18next, Mantine) requires React: Preact has the hook.
  { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
];
