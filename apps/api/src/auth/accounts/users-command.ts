import { parseArgs } from 'node:util';
import { roleSchema, type Role } from '@portal/contracts/users';
import { z } from 'zod';
import type { LocalAccounts } from './local-accounts.ts';
import { commandContext } from '../../modules/audit/index.ts';
import { generatedPassword } from './password-hash.ts';

export const usersUsage = `Usage: npm run users -- <command> <e-mail> [options]
  add <e-mail> --name "Full Name" --role <role> [--role <role>] [--account <customer account>] [--password-stdin]
  set-role <e-mail> --role <role> [--role <role>] [--account <customer account>]
  disable <e-mail>
  enable <e-mail>
  reset-password <e-mail> [--password-stdin]
  erase <e-mail> --confirm <e-mail>   (any user the portal knows: personal data replaced by a pseudonym)
Roles: ${roleSchema.options.join(', ')}. Without --password-stdin a password is generated and printed once.`;

export interface UsersCommandIo {
  /** The whole of standard input (read only with --password-stdin). */
  readStdin(): Promise<string>;
  print(line: string): void;
  /** The personal-data erasure (the privacy module's, as the admin route runs it). */
  erase?: (email: string, confirm: string) => Promise<{ pseudonym: string }>;
}

const emailSchema = z.email().max(320);
const minimumPasswordLength = 12;

/** Runs one `npm run users` command; answers the exit code. Problems are thrown as errors with a readable message. */
export async function runUsersCommand(args: string[], accounts: LocalAccounts, io: UsersCommandIo): Promise<number> {
  const { positionals, values } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      name: { type: 'string' },
      role: { type: 'string', multiple: true },
      account: { type: 'string' },
      confirm: { type: 'string' },
      'password-stdin': { type: 'boolean' },
      help: { type: 'boolean' },
    },
  });
  const [command, email] = positionals;
  if (values.help || positionals.length !== 2 || !command || !email) {
    io.print(usersUsage);
    return values.help ? 0 : 2;
  }
  if (!emailSchema.safeParse(email.trim()).success) throw new Error(`${email} is no e-mail address`);
  const roles = (values.role ?? []).map((role) => {
    const parsed = roleSchema.safeParse(role);
    if (!parsed.success) throw new Error(`Unknown role ${role}; roles: ${roleSchema.options.join(', ')}`);
    return parsed.data;
  });
  const needRoles = (): Role[] => {
    if (roles.length === 0) throw new Error('Give at least one --role');
    return roles;
  };
  const password = async () => {
    if (!values['password-stdin']) {
      const made = generatedPassword();
      io.print(`Password (shown only now): ${made}`);
      return made;
    }
    const given = (await io.readStdin()).replace(/\r?\n$/, '');
    if (given.length < minimumPasswordLength) throw new Error(`The password must have at least ${minimumPasswordLength} characters`);
    return given;
  };

  switch (command) {
    case 'add': {
      const name = values.name?.trim();
      if (!name) throw new Error('Give the user\'s --name');
      const account = await accounts.add({ email, name, roles: needRoles(), account: values.account ?? null, password: await password() }, commandContext('npm run users -- add'));
      io.print(`Added ${account.email} (${account.roles.join(', ')}${account.account ? `, account ${account.account}` : ''}).`);
      return 0;
    }
    case 'set-role':
      await accounts.setRoles(email, needRoles(), values.account, commandContext('npm run users -- set-role'));
      io.print(`${email} now has the roles ${roles.join(', ')}.`);
      return 0;
    case 'disable':
    case 'enable':
      await accounts.setDisabled(email, command === 'disable', commandContext(`npm run users -- ${command}`));
      io.print(`${email} is ${command}d${command === 'disable' ? ': it can no longer sign in, and its sign-ins end' : ''}.`);
      return 0;
    case 'reset-password':
      await accounts.resetPassword(email, await password(), commandContext('npm run users -- reset-password'));
      io.print(`The password of ${email} is changed.`);
      return 0;
    case 'erase': {
      if (!io.erase) throw new Error('Erasure is not available here');
      if (!values.confirm) throw new Error('Give --confirm with the e-mail again: the erasure cannot be undone');
      const { pseudonym } = await io.erase(email, values.confirm);
      io.print(`${email} is erased: the portal now knows them only as ${pseudonym}.`);
      return 0;
    }
    default:
      io.print(usersUsage);
      return 2;
  }
}
