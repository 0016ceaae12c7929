// The admin-jobs module's public entry: its routes for app.ts.
export { adminJobRoutes } from './admin-job.routes.ts';
