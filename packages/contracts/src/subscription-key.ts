/** Name of the header that carries the API subscription key. */
export const subscriptionKeyHeader = 'Ocp-Apim-Subscription-Key';
