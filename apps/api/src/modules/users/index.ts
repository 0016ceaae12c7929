// The users module's public entry: who a user was on their latest request.
export { lastSeenUser, userOfStoredClaims, usersWithRole } from './last-seen-user.ts';
// The users as last seen, by a subquery of their subjects (the alerts' followers).
export { storedClaimsIn } from './user.repository.ts';
// The users of an account, as a subquery the statistics filter downloads by.
export { subjectsOfAccount } from './user.repository.ts';
// The person behind a user id, subject or e-mail, and the users' part of the personal-data export and erasure (privacy).
export { findUserPerson, userPersonalData } from './user-personal-data.repository.ts';
// What an erasure publishes on the cache bus, so every process checks its recent users again.
export { erasedSubjectsTopic } from './user.service.ts';
// Who acted, by subject, as the audit log shows them.
export { userNames } from './user-names.repository.ts';
// The console's users and accounts (app.ts), the accounts the demo seeds, and whether an admin disabled a subject (the embedded sign-in).
export { adminUserRoutes } from './admin-users.routes.ts';
export { companyTitles, ensureAccounts, isSubjectDisabled } from './accounts-entry.ts';
