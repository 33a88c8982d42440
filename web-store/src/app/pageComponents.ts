import type { ComponentType, LazyExoticComponent } from 'react';
import type { PageKey } from '../routes/routeTable';
import { lazyPage } from './lazyPage';

/** The chunk behind each page of the route table. */
export const pageComponents: Record<PageKey, LazyExoticComponent<ComponentType>> = {
  home: lazyPage(() => import('../pages/Home/HomePage'), 'Home'),
  login: lazyPage(() => import('../pages/Login/LoginPage'), 'Login'),
  notFound: lazyPage(() => import('../pages/NotFound/NotFoundPage'), 'NotFound'),
  working: lazyPage(() => import('../pages/Working/WorkingPage'), 'Working'),
  test: lazyPage(() => import('../pages/Test/TestPage'), 'Test'),
};
