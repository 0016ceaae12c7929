/*
 * The values of the console's users and accounts that the web app needs (no zod here, so none enters its bundle);
 * admin-users.ts builds its schemas from them.
 */

/** A company is a customer or a partner serving customers. */
export const accountKinds = ['customer', 'partner'] as const;
export type AccountKind = (typeof accountKinds)[number];

/** Where a user comes from: a local account of the embedded sign-in, or the identity provider (seen on a request). */
export const userSources = ['local', 'provider'] as const;
export type UserSource = (typeof userSources)[number];

/** The roles an admin gives a local account (the same as users.ts's, which admin-users.ts checks). */
export const userRoles = ['customer', 'partner', 'employee', 'publisher', 'admin'] as const;

export const adminUsersLimits = {
  accountId: 64,
  name: 200,
  email: 254,
  query: 100,
  partners: 50,
  passwordMin: 12,
  passwordMax: 200,
  pickerResults: 20,
} as const;
