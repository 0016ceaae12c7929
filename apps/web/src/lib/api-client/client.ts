import { createApiClient } from './api-client';
import { showErrorToast } from './error-toast';

/** The one API client of the app; boot steps configure it (see src/app/boot/steps). */
export const apiClient = createApiClient({ notifyError: showErrorToast });
