// The alerts module's public entry: its routes and jobs for app.ts, and the hooks publishing and downloads call.
export { alertRoutes } from './alert.routes.ts';
export { alertJobHandlers } from './alert-jobs.ts';
export { announcePublication } from './publication.ts';
export { announceCadLibraryRelease, announceSoftwareVersion } from './release-announcement.ts';
export { followDownloadedDocument } from './follow.service.ts';
export { fanOutPublication } from './fan-out.service.ts';
export { runAlertTick } from './alert-schedule.service.ts';
export { announceNotice, type AnnouncedNotice } from './notice-announcement.ts';
export type { NoticeReach, UnitAlertLookups } from './alert-deps.ts';
