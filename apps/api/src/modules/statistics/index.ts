// The statistics module's public entry: the routes for app.ts and the subscriber that counts document views.
export { statisticsRoutes } from './statistics.routes.ts';
export { registerStatisticsSubscribers } from './statistics.subscribers.ts';
// The retention of the view counts (privacy's daily job).
export { deleteViewsBefore } from './view-retention.repository.ts';
