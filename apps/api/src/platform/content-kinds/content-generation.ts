let generation = 0;

/** Changes whenever this process changes content or who may see what: caches of derived answers (search counts) are keyed by it. */
export function contentGeneration(): number {
  return generation;
}

/** Marks what this process cached about content and access as outdated (every index change and audience grant calls it). */
export function contentChanged(): void {
  generation += 1;
}
