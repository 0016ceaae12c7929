/*
 * Stylesheet of the provider's pages, served as a file under /oidc/assets so the
 * Content-Security-Policy needs no inline allowance. Brand colours of spec §9.
 */

export const pageStylesheet = `
:root { --positive: #6B8724; --positive-dark: #55701b; /* white text on it: 5.6:1 (on the brand green itself only 4.1:1) */ --warning: #CE9041; --negative: #BE5134; --ink: #1f2933; --muted: #5f6b76; }
* { box-sizing: border-box; }
body { margin: 0; min-height: 100vh; display: grid; place-items: center; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
  color: var(--ink); background: linear-gradient(160deg, #f4f7ee 0%, #e9eef2 100%); }
main { width: min(26rem, calc(100vw - 2rem)); background: #fff; border-radius: 12px; box-shadow: 0 10px 30px rgba(31, 41, 51, .12);
  border-top: 6px solid var(--positive); padding: 2rem 2rem 1.5rem; }
.brand { display: flex; align-items: center; gap: .75rem; margin-bottom: 1.5rem; }
.brand svg { width: 2.5rem; height: 2.5rem; flex: none; }
.brand strong { display: block; font-size: 1.15rem; }
.brand span { color: var(--muted); font-size: .9rem; }
h1 { font-size: 1.35rem; margin: 0 0 1rem; }
p { line-height: 1.5; }
label { display: block; font-weight: 600; margin: 1rem 0 .35rem; }
input { width: 100%; height: 2.75rem; padding: 0 .75rem; font: inherit; border: 1px solid #c5ccd3; border-radius: 8px; }
input:focus { outline: 3px solid rgba(107, 135, 36, .35); border-color: var(--positive); }
button, .button { display: inline-block; width: 100%; height: 2.75rem; margin-top: 1.5rem; border: 0; border-radius: 8px; font: inherit; font-weight: 600;
  color: #fff; background: var(--positive-dark); cursor: pointer; text-align: center; line-height: 2.75rem; text-decoration: none; }
button:hover, .button:hover { background: #445617; }
.button.secondary { color: var(--ink); background: #e9eef2; margin-top: .75rem; }
.button.secondary:hover { background: #d8dfe5; }
.alert { border-radius: 8px; padding: .75rem 1rem; margin-bottom: 1rem; color: #fff; background: var(--negative); }
.alert.warning { background: var(--warning); color: var(--ink); }
.hint { color: var(--muted); font-size: .85rem; margin-top: 1.25rem; }
.hint p { margin: 0 0 .25rem; }
.hint ul { margin: 0; padding-left: 1.1rem; line-height: 1.5; }
`;
