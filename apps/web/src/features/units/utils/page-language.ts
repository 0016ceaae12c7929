/** The language a unit page asks its documents in (and the offline package's): the interface language's own. */
export const pageLanguageOf = (language: string) => language.slice(0, 2).toLowerCase();
