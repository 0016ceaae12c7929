// The users module's public entry: who a user was on their latest request.
export { lastSeenUser, userOfStoredClaims, usersWithRole } from './last-seen-user.ts';
