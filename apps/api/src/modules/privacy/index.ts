// The privacy module's public entry: the personal-data routes for app.ts, the statistics retention job, and the erasure the users command runs.
export { privacyJobHandlers, privacyRoutes } from './privacy.routes.ts';
export { eraseUser } from './privacy.service.ts';
