// The admin-import module's public entry: its routes for app.ts and its job for the job runners.
export { adminImportRoutes } from './admin-import.routes.ts';
export { adminImportJobHandlers } from './admin-import.jobs.ts';
// The imports' part of the personal-data export and erasure (privacy).
export { adminImportPersonalData } from './admin-import-personal-data.repository.ts';
// The upload's zip checks (paths, links, sizes, entry count, overlapping entries), reused by the handover import.
export { extractZip } from './zip-extract.ts';
export { uploadLimits, type UploadLimits } from './upload-paths.ts';
