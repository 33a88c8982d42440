import { ADMIN_UI_BASE } from '@mkt/contracts';
import { Admin, Resource } from 'react-admin';
import { createBrowserRouter, Navigate, RouterProvider } from 'react-router-dom';
import { Dashboard } from './dashboard/Dashboard';
import { LoginPage } from './layout/LoginPage';
import { authProvider, dataProvider, i18nProvider } from './providers';
import auditLogs from './resources/audit-logs';
import staff from './resources/staff';
import users from './resources/users';

/**
 * The staff console. Which menus and buttons a staff member sees comes from
 * authProvider.canAccess (the rules are in providers/access.ts).
 */
const Console = () => (
  <Admin
    basename={ADMIN_UI_BASE}
    authProvider={authProvider}
    dataProvider={dataProvider}
    i18nProvider={i18nProvider}
    dashboard={Dashboard}
    loginPage={LoginPage}
    title="app.title"
    requireAuth
    disableTelemetry
  >
    <Resource name="users" {...users} />
    <Resource name="staff" {...staff} />
    <Resource name="audit-logs" {...auditLogs} />
  </Admin>
);

/**
 * Path (browser) history: the console lives below /admin, where the server serves index.html for
 * every path. react-admin's own router would use hash URLs, so it runs inside this one instead.
 */
const router = createBrowserRouter([
  { path: `${ADMIN_UI_BASE}/*`, element: <Console /> },
  { path: '*', element: <Navigate to={ADMIN_UI_BASE} replace /> },
]);

export const App = () => <RouterProvider router={router} />;
