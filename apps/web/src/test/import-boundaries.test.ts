import { resolve } from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// The repository's own lint configuration, run on made-up files placed where a change would put them.
const repoRoot = resolve(import.meta.dirname, '../../../..');
let eslint: ESLint;

async function boundaryErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: resolve(repoRoot, 'apps/web/src', file) });
  return result!.messages.filter((message) => message.ruleId?.startsWith('boundaries/')).map((message) => message.message);
}

describe('import boundaries of the web app (eslint.config.js)', { timeout: 60_000 }, () => {
  beforeAll(async () => {
    eslint = new ESLint({ cwd: repoRoot });
    // Loading the configuration and its plugins takes a while on a busy machine.
    await eslint.calculateConfigForFile(resolve(repoRoot, 'apps/web/src/main.tsx'));
  }, 120_000);

  it('fails a feature that imports another feature', async () => {
    const errors = await boundaryErrors('features/home/components/software-teaser.tsx', "import { SoftwareCard } from '../../software/components/software-card';\nexport const teaser = SoftwareCard;\n");
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('feature="software"');
  });

  it('lets a feature import itself, shared components and lib', async () => {
    const code = [
      "import { softwareListQueryOptions } from '../api/get-software-list';",
      "import { PageFrame } from '../../../components/layouts/page-frame';",
      "import { apiClient } from '../../../lib/api-client/client';",
      'export const parts = [softwareListQueryOptions, PageFrame, apiClient];',
    ].join('\n');
    expect(await boundaryErrors('features/software/components/software-teaser.tsx', code)).toEqual([]);
  });

  it('fails lib and shared components that reach up into a feature', async () => {
    expect(await boundaryErrors('lib/documents/teaser.ts', "import { SoftwarePage } from '../../features/software/components/software-page';\nexport const page = SoftwarePage;\n")).toHaveLength(1);
    expect(await boundaryErrors('components/layouts/teaser.tsx', "import { HomePage } from '../../features/home/components/home-page';\nexport const page = HomePage;\n")).toHaveLength(1);
    expect(await boundaryErrors('lib/search/teaser.ts', "import { PageFrame } from '../../components/layouts/page-frame';\nexport const frame = PageFrame;\n")).toHaveLength(1);
  });

  it('fails an import that would close a cycle in lib: tiers import only the tiers before them', async () => {
    // lib/documents and lib/download used to import each other: lib/download may now use lib/documents, never the way back.
    expect(await boundaryErrors('lib/download/teaser.ts', "import { viewerTitle } from '../documents/viewer-document';\nexport const title = viewerTitle;\n")).toEqual([]);
    expect(await boundaryErrors('lib/documents/teaser.ts', "import { useFileDownload } from '../download/use-file-download';\nexport const hook = useFileDownload;\n")).toHaveLength(1);
    expect(await boundaryErrors('lib/navigation.ts', "import { queryClient } from './query-client';\nexport const client = queryClient;\n")).toHaveLength(1);
    // Two lib folders of the same tier may not import each other either.
    expect(await boundaryErrors('lib/favorites/teaser.ts', "import { resolveThumbnail } from '../thumbnails/thumbnail-api';\nexport const thumbnail = resolveThumbnail;\n")).toHaveLength(1);
  });

  it('fails code in a lib folder that has no tier yet', async () => {
    const errors = await boundaryErrors('lib/brand-new/teaser.ts', "import { apiClient } from '../api-client/client';\nexport const client = apiClient;\n");
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain("does not belong to any known element");
  });
});
