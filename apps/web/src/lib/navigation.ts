type Navigate = (to: string) => void;

let navigator: Navigate = (to) => window.location.assign(to);

/**
 * Lets non-React code (the API client's interceptors) navigate inside the single-page app.
 * The router registers itself once created; before that a full page load is used.
 */
export function setNavigator(navigate: Navigate): void {
  navigator = navigate;
}

export function navigateTo(to: string): void {
  navigator(to);
}
