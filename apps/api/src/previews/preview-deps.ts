import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../platform/db/schema.ts';
import type { PortalEventBus } from '../platform/events/index.ts';
import type { FileStorage } from '../platform/storage/file-storage.ts';
import type { ModelLimits } from './model-convert.ts';
import type { SystemTools } from './system-tools.ts';

/** What preview work needs; built once by the previews plugin (or by a CLI, a test). */
export interface PreviewDeps {
  db: Kysely<Database>;
  /** Where the extracted text is announced (search indexes it). */
  events: PortalEventBus;
  storage: FileStorage;
  tools: SystemTools;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** Time limit of one PDF in the PDF process (pdfTimeoutMs by default; tests shorten it). */
  pdfTimeoutMs?: number;
  /** Limits of a CAD model's conversion (defaultModelLimits by default; tests shorten the time). */
  modelLimits?: ModelLimits;
}
