// The paper-requests module's public entry: its routes for app.ts and its reminder job for background-jobs.ts.
export { paperRequestRoutes } from './paper-request.routes.ts';
export { paperRequestJobHandlers } from './paper-request.jobs.ts';
// The paper requests' part of the personal-data export and erasure (privacy).
export { paperRequestPersonalData } from './paper-request-personal-data.repository.ts';
// The names the audit log shows paper requests by.
export { paperRequestTitles } from './paper-request.repository.ts';
