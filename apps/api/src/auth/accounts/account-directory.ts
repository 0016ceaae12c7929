import type { Role } from '@portal/contracts/users';
import { authenticateDemoAccount, findDemoAccount } from '../oidc/demo-accounts.ts';
import type { LocalAccounts } from './local-accounts.ts';

/** The claims the embedded provider issues for an account. */
export interface AccountClaims {
  sub: string;
  email: string;
  email_verified: boolean;
  name: string;
  roles: Role[];
  account: string | null;
}

export type SignInOutcome = { sub: string } | { refused: true } | undefined;

export interface AccountDirectory {
  /** The outcome of a sign-in with these credentials: an account, a refused account, or undefined when they are wrong. */
  authenticate(email: string, password: string): Promise<SignInOutcome>;
  /** The current claims of a signed-in account; undefined once it is gone or disabled (its sign-in then ends). */
  claims(sub: string): Promise<AccountClaims | undefined>;
}

/**
 * Local accounts from the database, and the published demo accounts only while `demoAccounts` is on. A subject an
 * admin disabled in the console (`isDisabled`: the users module's flag, for demo accounts too) cannot sign in, and
 * its sign-in ends like a disabled local account's.
 */
export function createAccountDirectory(options: { localAccounts: LocalAccounts; demoAccounts: boolean; isDisabled?: (sub: string) => Promise<boolean> }): AccountDirectory {
  const { localAccounts, demoAccounts, isDisabled = async () => false } = options;
  return {
    async authenticate(email, password) {
      const demo = demoAccounts ? authenticateDemoAccount(email, password) : undefined;
      if (demo) {
        if (demo.refused) return { refused: true };
        return (await isDisabled(demo.sub)) ? undefined : { sub: demo.sub };
      }
      const local = await localAccounts.authenticate(email, password);
      return local && !(await isDisabled(local.sub)) ? { sub: local.sub } : undefined;
    },
    async claims(sub) {
      const demo = demoAccounts ? findDemoAccount(sub) : undefined;
      const account = demo ?? (await localAccounts.findBySub(sub));
      if (!account || ('disabled' in account && account.disabled) || (await isDisabled(sub))) return undefined;
      return { sub, email: account.email, email_verified: true, name: account.name, roles: account.roles, account: account.account };
    },
  };
}
