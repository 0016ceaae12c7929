import type { ContentKind } from '../platform/content-kinds/content-kind.ts';
import type { ReleaseKind } from '../platform/content-kinds/release-kind.ts';
import { cadLibraryRelease, softwareRelease } from './admin-software/index.ts';
import { cadKind } from './cad/index.ts';
import { documentKind } from './documents/index.ts';
import { softwareKind } from './software/index.ts';
import { unitKind } from './units/index.ts';

/**
 * The content kinds this portal serves: downloadZip, the download history and the favourites know
 * them only through this list. A new kind implements ContentKind in its module and adds one line here.
 */
export const contentKinds: readonly ContentKind[] = [documentKind, softwareKind, cadKind, unitKind];

/**
 * The kinds published as releases (a version with several files): one form reader, one service and one
 * route each in admin-software. A new one implements ReleaseKind and adds one line here.
 */
export const releaseKinds: readonly ReleaseKind[] = [softwareRelease, cadLibraryRelease];
