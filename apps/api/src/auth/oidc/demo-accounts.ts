import { createHash, timingSafeEqual } from 'node:crypto';
import type { Role } from '@portal/contracts/users';

export interface DemoAccount {
  sub: string;
  email: string;
  name: string;
  roles: Role[];
  account: string | null;
  /** The provider refuses this account: its sign-in ends with `error=access_denied`. */
  refused?: boolean;
}

/** Password of every demo account (the sign-in page lists it while demo accounts may sign in). */
export const demoPassword = 'demo1234';

export const demoAccounts: readonly DemoAccount[] = [
  { sub: 'demo-customer', email: 'customer@demo.example', name: 'Carla Customer', roles: ['customer'], account: 'ACME-001' },
  { sub: 'demo-partner', email: 'partner@demo.example', name: 'Paul Partner', roles: ['partner'], account: 'PARTNER-01' },
  { sub: 'demo-employee', email: 'employee@demo.example', name: 'Emma Employee', roles: ['employee'], account: null },
  { sub: 'demo-publisher', email: 'publisher@demo.example', name: 'Pia Publisher', roles: ['publisher', 'employee'], account: null },
  { sub: 'demo-admin', email: 'admin@demo.example', name: 'Adam Admin', roles: ['admin', 'employee'], account: null },
  { sub: 'demo-refused', email: 'refused@demo.example', name: 'Rita Refused', roles: [], account: null, refused: true },
];

const digest = (value: string) => createHash('sha256').update(value).digest();

export function findDemoAccount(sub: string): DemoAccount | undefined {
  return demoAccounts.find((account) => account.sub === sub);
}

/** The account for these credentials, or undefined when the e-mail is unknown or the password wrong. */
export function authenticateDemoAccount(email: string, password: string): DemoAccount | undefined {
  const account = demoAccounts.find((candidate) => candidate.email === email.trim().toLowerCase());
  const passwordMatches = timingSafeEqual(digest(password), digest(demoPassword));
  return account && passwordMatches ? account : undefined;
}
