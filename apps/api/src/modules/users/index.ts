// The users module's public entry: who a user was on their latest request.
export { lastSeenUser, userOfStoredClaims, usersWithRole } from './last-seen-user.ts';
// The users as last seen, by a subquery of their subjects (the alerts' followers).
export { storedClaimsIn } from './user.repository.ts';
