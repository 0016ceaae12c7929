import { createRequire } from 'node:module';
import type * as AasCore from '@aas-core-works/aas-core3.0-typescript';

/**
 * aas-core 3.0, loaded from its CommonJS build: its ES build imports its own files without extensions, which
 * Node refuses outside a bundler. Types come from `import type`; classes and functions from here.
 */
export const aas = createRequire(import.meta.url)('@aas-core-works/aas-core3.0-typescript') as typeof AasCore;
export type { AasCore };
/** The metamodel's classes and enumerations, as values (types: `import type * as aas from '…/types'`). */
export const aasTypes = aas.types;
