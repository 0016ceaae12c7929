// The paper-requests module's public entry: its routes for app.ts and its reminder job for background-jobs.ts.
export { paperRequestRoutes } from './paper-request.routes.ts';
export { paperRequestJobHandlers } from './paper-request.jobs.ts';
