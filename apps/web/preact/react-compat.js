// What the app and its libraries get when they import 'react' (see ./aliases.ts): Preact's
// compatibility layer, plus React 19.2's <Activity>, which Mantine uses for keep-mounted
// transitions: hidden content stays mounted but is not displayed.
import { createElement } from 'preact';

export * from 'preact/compat';
export { default } from 'preact/compat';

export function Activity({ mode, children }) {
  return createElement('div', { style: { display: mode === 'hidden' ? 'none' : 'contents' } }, children);
}
