/**
 * The app's API client instance, wired to i18next so error messages come out in the
 * current language. Kept apart from api.ts so api.ts can be tested with a fake fetch.
 */
import { i18n } from '../../i18n';
import { createApiClient } from './index';

export const api = createApiClient({
  language: () => i18n.resolvedLanguage,
  // A code from the server may have no sentence (a newer server): the empty default says so.
  translate: (key, options) => i18n.t(key, { ...options, defaultValue: '' }) || undefined,
});
