const base64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Decodes one Base64 VLQ segment of a source map's `mappings` into its numbers. */
function decodeSegment(segment: string): number[] {
  const values: number[] = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = base64.indexOf(char);
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
    } else {
      values.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return values;
}

/** The package a source path belongs to (`react-dom`, `@mantine/core`), or `app: <folder>` for our own code. */
export function packageOf(source: string): string {
  const inModules = source.split('node_modules/').at(-1)!;
  if (inModules !== source) {
    const parts = inModules.split('/');
    return parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
  }
  const inSrc = source.split('/src/').at(-1)!;
  return `app: ${inSrc.split('/').slice(0, 2).join('/')}`;
}

/**
 * How many bytes of the generated `code` each package accounts for, from the chunk's source map
 * (bytes not mapped to any source are counted as "(unmapped)").
 */
export function bytesByPackage(code: string, map: { sources: string[]; mappings: string }): Map<string, number> {
  const sizes = new Map<string, number>();
  const add = (name: string, bytes: number) => sizes.set(name, (sizes.get(name) ?? 0) + bytes);
  const lines = code.split('\n');
  const mappingLines = map.mappings.split(';');
  let sourceIndex = 0;
  for (const [lineIndex, line] of lines.entries()) {
    const segments = (mappingLines[lineIndex] ?? '').split(',').filter(Boolean);
    let column = 0;
    let previous: { column: number; source: number | null } = { column: 0, source: null };
    for (const segment of segments) {
      const fields = decodeSegment(segment);
      column += fields[0];
      if (fields.length >= 4) sourceIndex += fields[1];
      add(previous.source === null ? '(unmapped)' : packageOf(map.sources[previous.source]), column - previous.column);
      previous = { column, source: fields.length >= 4 ? sourceIndex : null };
    }
    add(previous.source === null ? '(unmapped)' : packageOf(map.sources[previous.source]), Buffer.byteLength(line) - previous.column + 1);
  }
  return sizes;
}
