/** Where the embedded provider is mounted inside the API server. */
export const oidcMountPath = '/oidc';
