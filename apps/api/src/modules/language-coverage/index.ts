// The language-coverage module's public entry: its route for app.ts (the report reads documents through their entry).
export { languageCoverageRoutes } from './language-coverage.routes.ts';
