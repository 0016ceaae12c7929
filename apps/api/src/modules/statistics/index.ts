// The statistics module's public entry: the routes for app.ts and the subscriber that counts document views.
export { statisticsRoutes } from './statistics.routes.ts';
export { registerStatisticsSubscribers } from './statistics.subscribers.ts';
