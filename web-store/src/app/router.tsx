import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { type ChildRouteEntry, type PageKey, type RouteEntry, routeTable } from '../routes/routeTable';
import { LoadErrorMessage } from './LoadErrorMessage';
import { pageComponents } from './pageComponents';
import { RootLayout } from './RootLayout';

function pageElement(page: PageKey | undefined) {
  const Page = pageComponents[page ?? 'working'];
  return <Page />;
}

function childRoute(kid: ChildRouteEntry): RouteObject {
  if (kid.segment === null) return { index: true, element: pageElement(kid.page) };
  return { path: kid.segment, caseSensitive: true, element: pageElement(kid.page) };
}

function toRouteObject(entry: RouteEntry): RouteObject {
  if (entry.children) {
    return { path: entry.path, caseSensitive: true, children: entry.children.map(childRoute) };
  }
  return { path: entry.path, caseSensitive: true, element: pageElement(entry.page) };
}

/** Builds the router from the route table; anything the table does not name shows the 404 page. */
export function createAppRouter() {
  return createBrowserRouter([
    {
      element: <RootLayout />,
      errorElement: <LoadErrorMessage kind="other" />,
      children: [...routeTable.map(toRouteObject), { path: '*', element: pageElement('notFound') }],
    },
  ]);
}

export type AppRouter = ReturnType<typeof createAppRouter>;
