// The users module's public entry: who a user was on their latest request.
export { lastSeenUser } from './last-seen-user.ts';
