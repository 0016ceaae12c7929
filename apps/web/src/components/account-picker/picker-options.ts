import type { DirectoryAccount, DirectoryUser } from '@portal/contracts/admin-users';

/** One choice of a picker: what is stored (an account's id, a user's e-mail) and what is read. */
export interface PickerOption {
  value: string;
  label: string;
}

/** "ACME Manufacturing (ACME-001)", or the id alone while the account has no name of its own. */
export const accountLabel = (account: Pick<DirectoryAccount, 'id' | 'name'>) => (account.name && account.name !== account.id ? `${account.name} (${account.id})` : account.id);

/** "Nora Local · nora@example.com". */
export const userLabel = (user: Pick<DirectoryUser, 'name' | 'email'>) => (user.name && user.name !== user.email ? `${user.name} · ${user.email}` : user.email);

const accountIdLength = 64;

/** Whether typed text can be an account id (letters, digits, dot, dash, underscore; as the server checks). */
export function isAccountId(text: string): boolean {
  if (text.length === 0 || text.length > accountIdLength) return false;
  for (const character of text) {
    if (!/[A-Za-z0-9._-]/.test(character)) return false;
  }
  return /[A-Za-z0-9]/.test(text[0]!);
}

/** Whether typed text looks like an e-mail address (one @ with text on both sides, a dot after it, no spaces). */
export function isEmailLike(text: string): boolean {
  if (text.length > 254 || /\s/.test(text)) return false;
  const at = text.indexOf('@');
  return at > 0 && at === text.lastIndexOf('@') && text.indexOf('.', at + 2) > at + 1 && !text.endsWith('.');
}

/**
 * The choices of a picker: the picked values first (with the labels known for them, else as they are), then what
 * the server found, then the typed text when it is a value of its own (an account not stored yet, a user who has
 * not signed in yet) — each value once.
 */
export function pickerOptions(picked: readonly string[], known: ReadonlyMap<string, string>, found: readonly PickerOption[], typed: PickerOption | null): PickerOption[] {
  const options = new Map<string, PickerOption>();
  for (const value of picked) options.set(value, { value, label: known.get(value) ?? value });
  for (const option of found) if (!options.has(option.value)) options.set(option.value, option);
  if (typed && !options.has(typed.value)) options.set(typed.value, typed);
  return [...options.values()];
}
