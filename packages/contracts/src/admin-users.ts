import { z } from 'zod';
import { accountKinds, adminUsersLimits, userRoles, userSources } from './admin-users-values.ts';
import { roleSchema, type Role } from './users.ts';

export { accountKinds, adminUsersLimits, userRoles, userSources } from './admin-users-values.ts';
export type { AccountKind, UserSource } from './admin-users-values.ts';

/*
 * Users and accounts in the console (admins only): the customer and partner companies (accounts) with the
 * partners serving each customer, and the users (local accounts of the embedded sign-in and users seen through
 * the identity provider) with their roles, account, last sign-in and whether they are disabled.
 * `GET|POST /api/Admin/accounts`, `PATCH /api/Admin/accounts/{id}`, `GET|POST /api/Admin/users`,
 * `PATCH /api/Admin/users/{id}`. The pickers of the console (publishers too) search
 * `GET /api/Admin/directory/accounts` and `GET /api/Admin/directory/users`, which answer names only.
 */

export const accountKindSchema = z.enum(accountKinds);

/** The web's list of roles is the users' list exactly (checked both ways when this compiles). */
const rolesMatch: [Role[], (typeof userRoles)[number][]] = [[...userRoles], [...roleSchema.options]];
void rolesMatch;

/** Plain text only: no control characters and no angle brackets, so a name can never be markup. */
const isPlainText = (text: string) => !/[\p{Cc}<>]/u.test(text);
const plainText = 'must be plain text (no markup or control characters)';

/** An account's id as customers' tokens carry it (`ACME-001`): letters, digits, dot, dash and underscore. */
export const accountIdSchema = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(adminUsersLimits.accountId, `is longer than ${adminUsersLimits.accountId} characters`)
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'may hold only letters, digits, dot, dash and underscore');

const nameSchema = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(adminUsersLimits.name, `is longer than ${adminUsersLimits.name} characters`)
  .refine(isPlainText, plainText);

const searchSchema = z.string().trim().max(adminUsersLimits.query, `is longer than ${adminUsersLimits.query} characters`).optional();

const page = z.coerce.number().int().min(1).max(1000).default(1);
const pageSize = z.coerce.number().int().min(1).max(100).default(25);

/** An account as another record names it. */
export const accountRefSchema = z.object({ id: z.string(), name: z.string() });
export type AccountRef = z.infer<typeof accountRefSchema>;

export const adminAccountSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: accountKindSchema,
  /** A customer's serving partners (empty for a partner). */
  partners: z.array(accountRefSchema),
  /** A partner's customers (empty for a customer). */
  customers: z.array(accountRefSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminAccount = z.infer<typeof adminAccountSchema>;

/** GET /api/Admin/accounts?q=&kind=&page=&pageSize= — q finds id or name (any case). */
export const adminAccountListQuerySchema = z.object({ q: searchSchema, kind: accountKindSchema.optional(), page, pageSize });
export type AdminAccountListQuery = z.infer<typeof adminAccountListQuerySchema>;

export const adminAccountListSchema = z.object({ items: z.array(adminAccountSchema), total: z.number().int() });
export type AdminAccountList = z.infer<typeof adminAccountListSchema>;

const partnersSchema = z
  .array(accountIdSchema)
  .max(adminUsersLimits.partners, `may name at most ${adminUsersLimits.partners} partners`)
  .transform((ids) => [...new Set(ids)]);

/** POST /api/Admin/accounts: a new company; only a customer has serving partners (existing partner accounts). */
export const createAccountBodySchema = z
  .object({ id: accountIdSchema, name: nameSchema, kind: accountKindSchema, partners: partnersSchema.default([]) })
  .superRefine((body, context) => {
    if (body.kind === 'partner' && body.partners.length > 0) context.addIssue({ code: 'custom', path: ['partners'], message: 'only a customer account has serving partners' });
  });
export type CreateAccountBody = z.input<typeof createAccountBodySchema>;
export type CreateAccountValues = z.infer<typeof createAccountBodySchema>;

/** PATCH /api/Admin/accounts/{id}: any of name, kind and the serving partners (the whole list). */
export const updateAccountBodySchema = z
  .object({ name: nameSchema.optional(), kind: accountKindSchema.optional(), partners: partnersSchema.optional() })
  .refine((body) => Object.values(body).some((value) => value !== undefined), 'names nothing to change');
export type UpdateAccountBody = z.input<typeof updateAccountBodySchema>;
export type UpdateAccountValues = z.infer<typeof updateAccountBodySchema>;

export const accountParamsSchema = z.object({ id: z.string().min(1).max(adminUsersLimits.accountId) });

export const adminUserSchema = z.object({
  /** The subject (`sub`) of the user's tokens. */
  id: z.string(),
  name: z.string(),
  email: z.string(),
  roles: z.array(roleSchema),
  account: accountRefSchema.nullable(),
  source: z.enum(userSources),
  /** Their latest request (null: never signed in). */
  lastSignInAt: z.string().nullable(),
  createdAt: z.string().nullable(),
  disabled: z.boolean(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

/** GET /api/Admin/users?q=&account=&source=&page=&pageSize= — q finds name, e-mail or account (any case). */
export const adminUserListQuerySchema = z.object({
  q: searchSchema,
  account: z.string().trim().min(1).max(adminUsersLimits.accountId).optional(),
  source: z.enum(userSources).optional(),
  page,
  pageSize,
});
export type AdminUserListQuery = z.infer<typeof adminUserListQuerySchema>;

export const adminUserListSchema = z.object({ items: z.array(adminUserSchema), total: z.number().int() });
export type AdminUserList = z.infer<typeof adminUserListSchema>;

const emailSchema = z.string().trim().toLowerCase().max(adminUsersLimits.email).pipe(z.email('is no e-mail address'));
const passwordSchema = z
  .string()
  .min(adminUsersLimits.passwordMin, `must have at least ${adminUsersLimits.passwordMin} characters`)
  .max(adminUsersLimits.passwordMax, `is longer than ${adminUsersLimits.passwordMax} characters`);
const rolesSchema = z
  .array(roleSchema)
  .min(1, 'needs at least one role')
  .max(5)
  .transform((roles) => [...new Set(roles)]);

/** POST /api/Admin/users: a local account of the embedded sign-in with its first password. */
export const createUserBodySchema = z.object({
  email: emailSchema,
  name: nameSchema,
  roles: rolesSchema,
  account: accountIdSchema.nullable().default(null),
  password: passwordSchema,
});
export type CreateUserBody = z.input<typeof createUserBodySchema>;
export type CreateUserValues = z.infer<typeof createUserBodySchema>;

/**
 * PATCH /api/Admin/users/{id}: name, roles, account and a new password (local accounts only: a user of the
 * identity provider has them from there), and disabled (anyone: a disabled user can neither sign in nor use a token).
 */
export const updateUserBodySchema = z
  .object({
    name: nameSchema.optional(),
    roles: rolesSchema.optional(),
    account: accountIdSchema.nullable().optional(),
    disabled: z.boolean().optional(),
    password: passwordSchema.optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), 'names nothing to change');
export type UpdateUserBody = z.input<typeof updateUserBodySchema>;
export type UpdateUserValues = z.infer<typeof updateUserBodySchema>;

/** The user's subject (named `user` as the privacy routes under the same path name it). */
export const userParamsSchema = z.object({ user: z.string().min(1).max(320) });

/** GET /api/Admin/directory/accounts?q=&kind=&limit= and …/users?q=&limit= (the pickers; publishers and admins). */
export const directoryQuerySchema = z.object({
  q: searchSchema,
  kind: accountKindSchema.optional(),
  limit: z.coerce.number().int().min(1).max(adminUsersLimits.pickerResults).default(adminUsersLimits.pickerResults),
});
export type DirectoryQuery = z.input<typeof directoryQuerySchema>;
export type DirectorySearch = z.infer<typeof directoryQuerySchema>;

export const directoryAccountSchema = z.object({ id: z.string(), name: z.string(), kind: accountKindSchema });
export type DirectoryAccount = z.infer<typeof directoryAccountSchema>;
export const directoryAccountsSchema = z.object({ items: z.array(directoryAccountSchema) });

/** An enabled user a picker offers: by e-mail (what grants name) with name and account. */
export const directoryUserSchema = z.object({ id: z.string(), name: z.string(), email: z.string(), account: z.string().nullable() });
export type DirectoryUser = z.infer<typeof directoryUserSchema>;
export const directoryUsersSchema = z.object({ items: z.array(directoryUserSchema) });
