import { createAuthProvider } from './authProvider';
import { createDataProvider } from './dataProvider';
import { createHttpClient } from './http';
import { currentLanguage, i18nProvider } from './i18nProvider';
import { session } from './session';

/** The console's providers, wired together: one HTTP client carries the token and the language. */
export const httpClient = createHttpClient({ getToken: () => session.getToken(), getLanguage: currentLanguage });

export const authProvider = createAuthProvider({ http: httpClient, session });
export const dataProvider = createDataProvider(httpClient);
export { i18nProvider };
