import { apiClient } from '../../../lib/api-client/client';
import { getAccessToken } from '../../../lib/auth/session';
import { configureSignIn, refreshSession, signIn } from '../../../lib/auth/user-manager';
import { getConfig } from '../../../lib/config';
import type { BootStep } from '../run-boot';

/** Sets up single sign-on and gives the API client the bearer token, its renewal and the 401 sign-in. */
export const authenticationStep: BootStep = {
  name: 'authentication',
  run() {
    configureSignIn(getConfig().oidc);
    apiClient.configure({ getAccessToken, refreshAccessToken: refreshSession, signIn });
  },
};
