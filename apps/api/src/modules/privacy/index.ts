// The privacy module's public entry: the personal-data routes for app.ts, and the statistics retention job.
export { privacyJobHandlers, privacyRoutes } from './privacy.routes.ts';
