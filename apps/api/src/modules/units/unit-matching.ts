/*
 * Which rules and notices concern a unit. Serial numbers compare as plain text (code-unit order):
 * a range `A-0100`..`A-0199` holds the serials that sort between them, so ranges are meant for
 * serials of one pattern and width.
 */

export interface UnitFacts {
  serialNumber: string;
  productCode: string;
  options: readonly string[];
}

export function serialInRange(serial: string, from: string | null, to: string | null): boolean {
  return (from === null || serial >= from) && (to === null || serial <= to);
}

/** A product rule: same product, its option (if any) chosen, the serial within its range. */
export function ruleApplies(
  rule: { productCode: string | null; optionCode: string | null; serialFrom: string | null; serialTo: string | null },
  unit: UnitFacts,
): boolean {
  return (
    rule.productCode === unit.productCode &&
    (rule.optionCode === null || unit.options.includes(rule.optionCode)) &&
    serialInRange(unit.serialNumber, rule.serialFrom, rule.serialTo)
  );
}

/** A notice: same product, serial within its range, every one of its options chosen. */
export function noticeConcerns(
  notice: { productCode: string; serialFrom: string | null; serialTo: string | null; options: readonly string[] },
  unit: UnitFacts,
): boolean {
  return (
    notice.productCode === unit.productCode &&
    serialInRange(unit.serialNumber, notice.serialFrom, notice.serialTo) &&
    notice.options.every((option) => unit.options.includes(option))
  );
}

/** A unit's options as stored (a JSON list of codes). */
export function parseOptions(json: string): string[] {
  const value: unknown = JSON.parse(json);
  return Array.isArray(value) ? value.filter((code): code is string => typeof code === 'string') : [];
}
