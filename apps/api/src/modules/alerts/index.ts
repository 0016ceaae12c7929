// The alerts module's public entry: its routes, jobs and event subscribers for app.ts, and the hooks downloads and software call.
export { alertRoutes } from './alert.routes.ts';
export { alertJobHandlers } from './alert-jobs.ts';
export { registerAlertSubscribers } from './alert.subscribers.ts';
export { announceCadLibraryRelease, announceSoftwareVersion } from './release-announcement.ts';
export { registerReleaseAlerts } from './release-subscribers.ts';
export { registerPaperRequestAlerts } from './paper-request-alerts.ts';
export { registerFeedbackAlerts } from './feedback-alerts.ts';
export { fanOutPublication } from './fan-out.service.ts';
export { runAlertTick } from './alert-schedule.service.ts';
export { announceNotice, type AnnouncedNotice } from './notice-announcement.ts';
export type { NoticeReach, UnitAlertLookups } from './alert-deps.ts';
// The mail sender (SMTP or the outbox) other modules' mails go through.
export { alertDeps } from './alert-deps.ts';
// The alerts' part of the personal-data export and erasure (privacy).
export { alertPersonalData } from './alert-personal-data.repository.ts';
