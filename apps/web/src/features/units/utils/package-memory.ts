/*
 * The version of the offline package the user last downloaded on this device, per unit: the unit
 * page sends it back so the API can say whether that package is out of date.
 */

const keyOf = (serial: string) => `unitPackage:${serial}`;

export function rememberedPackage(serial: string): string | null {
  try {
    return localStorage.getItem(keyOf(serial));
  } catch {
    return null;
  }
}

export function rememberPackage(serial: string, version: string): void {
  try {
    localStorage.setItem(keyOf(serial), version);
  } catch {
    // Storage full or disabled: the page just cannot tell later whether the package is current.
  }
}
