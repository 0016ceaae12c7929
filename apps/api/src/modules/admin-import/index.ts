// The admin-import module's public entry: its routes for app.ts and its job for the job runners.
export { adminImportRoutes } from './admin-import.routes.ts';
export { adminImportJobHandlers } from './admin-import.jobs.ts';
// The imports' part of the personal-data export and erasure (privacy).
export { adminImportPersonalData } from './admin-import-personal-data.repository.ts';
