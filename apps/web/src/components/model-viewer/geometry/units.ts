export type LengthUnit = 'mm' | 'in';

const millimetresPerInch = 25.4;

/** A length given in millimetres, shown in the chosen unit: two decimals for mm, three for inches. */
export function formatLength(millimetres: number, unit: LengthUnit): string {
  return unit === 'mm' ? `${millimetres.toFixed(2)} mm` : `${(millimetres / millimetresPerInch).toFixed(3)} in`;
}

/** An angle in degrees with one decimal. */
export function formatAngle(degrees: number): string {
  return `${degrees.toFixed(1)}°`;
}
