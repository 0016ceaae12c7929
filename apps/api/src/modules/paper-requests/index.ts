// The paper-requests module's public entry: its routes for app.ts.
export { paperRequestRoutes } from './paper-request.routes.ts';
