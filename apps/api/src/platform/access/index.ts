/* The access engine: who may see what. Modules import it from here. */
export {
  audienceAllows,
  audienceCheck,
  contentSubjects,
  documentSubject,
  grantsChangeAt,
  isPublished,
  isStaff,
  needsGrants,
  publishedFilter,
  subjectFacts,
  viewerKey,
  visibleFilter,
} from './audience.ts';
export { mayDownload, mayReadVersion } from './document-rules.ts';
export type { AudienceRule, GrantFacts, MemoryCheck, SubjectFacts, SubjectKind } from './audience.ts';
