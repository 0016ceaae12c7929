// The units module's public entry (the machine passport): other modules import units only from here.
export { unitKind } from './unit-kind.ts';
export { unitRoutes } from './unit.routes.ts';
export { unitAdminRoutes } from './unit-admin.routes.ts';
// The ten-years rule: routes that delete documents or versions call it first; the console shows each version's end.
export { assertNotRetained } from './retention-guard.ts';
export { versionRetention } from './retention.ts';
export { retentionRoutes, retentionJobHandlers } from './retention.routes.ts';
// What the demo seed fills the installed base with.
export { importUnits } from './unit-import.ts';
export { setApplicability, storeApplicability } from './unit-applicability.ts';
export { createNotice, listAllNotices } from './unit-notices.ts';
// What the alerts ask of units (handed in by app.ts: units announce notices through the alerts).
export { unitAlertLookups } from './notice-reach.ts';
// What paper requests ask of a unit: the owner's view of it and of its documents.
export { readableUnit, unitFacts } from './unit.service.ts';
export { unitDocuments } from './unit-documents.ts';
// The unit rules' part of the personal-data export and erasure (privacy).
export { unitPersonalData } from './unit-personal-data.repository.ts';
// What the VDI 2770 export (handover) hands over: the offline package's versions, and the identification link.
export { packageContents, type PackageFile } from './package-contents.ts';
export { identificationLink } from './identification-link.ts';
// The reader's language (Accept-Language) where a request names none.
export { readerLanguage, readerLanguages } from './reader-language.ts';
// The names the audit log shows units by.
export { noticeTitles, unitTitles } from './unit-titles.repository.ts';
