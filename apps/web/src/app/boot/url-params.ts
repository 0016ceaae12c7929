/**
 * Removes one-shot parameters (e.g. `lang`, `features`) from the address bar once applied, so a
 * shared or bookmarked URL does not re-apply them. Leaves the history length unchanged.
 */
export function removeQueryParams(names: readonly string[]): void {
  const url = new URL(window.location.href);
  let changed = false;
  for (const name of names) {
    if (url.searchParams.has(name)) {
      url.searchParams.delete(name);
      changed = true;
    }
  }
  if (changed) window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
}
