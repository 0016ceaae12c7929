// The search-analytics module's public entry: the routes (and this process's recorder) for app.ts, the subscribers
// that feed the recorder, and the nightly retention job.
export { searchAnalyticsRoutes } from './search-analytics.routes.ts';
export { registerSearchAnalyticsSubscribers } from './search-analytics.subscribers.ts';
export { searchAnalyticsJobHandlers } from './search-analytics.jobs.ts';
// A person's recorded searches, exported and erased with them (the privacy module's list of holders).
export { searchAnalyticsPersonalData } from './search-analytics-personal-data.repository.ts';
// The roll-up job's run, for the dashboard bench (bench/search-analytics.ts).
export { runSearchAnalyticsRollups } from './search-analytics.jobs.ts';
