/** Snippets mark matches with these private-use characters, so the web renders them without HTML. */
export const highlightStart = '\uE000';
export const highlightEnd = '\uE001';
