/** `--name value` options of a bench script, with defaults. */
export function option(name: string, fallback: string): string {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 && process.argv[index + 1] !== undefined ? process.argv[index + 1] : fallback;
}

/** A positive number given as `--name value`; the fallback (which may be 0: "off") when the option is absent. */
export function numberOption(name: string, fallback: number): number {
  if (!process.argv.includes(`--${name}`)) return fallback;
  const value = Number(option(name, ''));
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} must be a positive number`);
  return value;
}
