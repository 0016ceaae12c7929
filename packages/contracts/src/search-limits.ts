/**
 * Limits of GET /api/Content/search the search box applies before sending (zod-free, for the web
 * app's first route): the longest search text accepted; the server refuses longer with 400 `queryTooLong`.
 */
export const maxSearchQueryLength = 200;
