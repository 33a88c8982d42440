import { ADMIN_UI_BASE } from '@mkt/contracts';
import { Admin, Resource } from 'react-admin';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { Dashboard } from './dashboard/Dashboard';
import { LoginPage } from './layout/LoginPage';
import { authProvider, dataProvider, i18nProvider } from './providers';
import auditLogs from './resources/audit-logs';
import categories from './resources/categories';
import hotWords from './resources/hot-words';
import searchDemand from './resources/search-demand';
import searchSynonyms from './resources/search-synonyms';
import invoices from './resources/invoices';
import materials from './resources/materials';
import reviews from './resources/reviews';
import orders from './resources/orders';
import projects from './resources/projects';
import refunds from './resources/refunds';
import contributorShares from './resources/contributor-shares';
import realNameReviews from './resources/real-name-reviews';
import bankInfos from './resources/bank-infos';
import signingApplications from './resources/signing-applications';
import statements from './resources/statements';
import musicSheets from './resources/music-sheets';
import musicSkus from './resources/music-skus';
import musicTracks from './resources/music-tracks';
import staff from './resources/staff';
import editorialEntries from './resources/editorial-entries';
import topics from './resources/topics';
import users from './resources/users';
import shopProducts from './resources/shop-products';
import contests from './resources/contests';
import contestEntries from './resources/contests/entries';
import contestJudges from './resources/contests/judges';
import campaigns from './resources/campaigns';

/**
 * The staff console. Which menus and buttons a staff member sees comes from
 * authProvider.canAccess (the rules are in providers/access.ts).
 */
const Console = () => (
  <Admin
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
    <Resource name="projects" {...projects} />
    <Resource name="materials" {...materials} />
    <Resource name="reviews" {...reviews} />
    <Resource name="categories" {...categories} />
    <Resource name="topics" {...topics} />
    <Resource name="editorial-entries" {...editorialEntries} />
    <Resource name="hot-words" {...hotWords} />
    <Resource name="search-synonyms" {...searchSynonyms} />
    <Resource name="search-demand" {...searchDemand} />
    <Resource name="shop-products" {...shopProducts} />
    <Resource name="orders" {...orders} />
    <Resource name="invoices" {...invoices} />
    <Resource name="refunds" {...refunds} />
    <Resource name="statements" {...statements} />
    <Resource name="contributor-shares" {...contributorShares} />
    <Resource name="real-name-reviews" {...realNameReviews} />
    <Resource name="bank-infos" {...bankInfos} />
    <Resource name="signing-applications" {...signingApplications} />
    <Resource name="music-tracks" {...musicTracks} />
    <Resource name="music-sheets" {...musicSheets} />
    <Resource name="music-skus" {...musicSkus} />
    <Resource name="contests" {...contests} />
    <Resource name="contest-entries" {...contestEntries} />
    <Resource name="contest-judges" {...contestJudges} />
    <Resource name="campaigns" {...campaigns} />
    <Resource name="staff" {...staff} />
    <Resource name="audit-logs" {...auditLogs} />
  </Admin>
);

/**
 * Path (browser) history: the console lives below /admin, where the server serves index.html for
 * every path. react-admin's own router would use hash URLs, so it runs inside this one instead;
 * the router's basename puts every route (and every link react-admin builds) below /admin.
 */
const router = createBrowserRouter([{ path: '*', element: <Console /> }], { basename: ADMIN_UI_BASE });

/**
 * `useTransitions={false}`: react-admin expects navigations to be committed at once (its own router
 * is created with `v7_startTransition: false`, a flag react-router 7 no longer reads). By default
 * react-router 7 renders every navigation inside React.startTransition, so when react-admin logs an
 * anonymous visitor out it navigates to /login and clears its query cache while the protected
 * page is still on screen. That page re-runs authProvider.checkAuth, fails again and logs out
 * again, which restarts the pending transition: a loop of pushState('/admin/login') that only ends
 * when React forces the transition through, about ten seconds later (react-admin issue #10885).
 */
export const App = () => <RouterProvider router={router} useTransitions={false} />;
