/** True for the paths of the product API (`/api` and below), which need a token and obey maintenance. */
export function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}
