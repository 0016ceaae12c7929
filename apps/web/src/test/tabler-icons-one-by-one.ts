import type { Plugin } from 'vite';

const iconsIndex = '@tabler/icons-react';
const namedIconsImport = /import\s*\{([^}]*)\}\s*from\s*'@tabler\/icons-react';/g;

/**
 * For the component tests: rewrites `import { IconX } from '@tabler/icons-react'` in the app's own
 * source to the one module of each icon. The package's index imports all of its 6,000 icons, and
 * the tests load it again for every test file (a few seconds each); the build tree-shakes it anyway.
 */
export function tablerIconsOneByOne(): Plugin {
  return {
    name: 'tabler-icons-one-by-one',
    enforce: 'pre',
    transform(code, id) {
      if (id.includes('/node_modules/') || !code.includes(iconsIndex)) return undefined;
      return code.replace(namedIconsImport, (_, names: string) =>
        names
          .split(',')
          .map((name) => name.trim())
          .filter((name) => name.length > 0)
          .map((name) => {
            const [exported, local = exported] = name.split(/\s+as\s+/);
            return `import ${local} from '${iconsIndex}/dist/esm/icons/${exported}.mjs';`;
          })
          .join('\n'),
      );
    },
  };
}
