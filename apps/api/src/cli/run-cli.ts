import { ConfigError } from '../config.ts';

/** Runs a command-line entry: exits with its code, or prints a configuration error (or any failure) and exits 1. */
export function runCli(main: () => Promise<number>): void {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof ConfigError || error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
