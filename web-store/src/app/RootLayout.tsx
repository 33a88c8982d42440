import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router-dom';
import { Shell } from '../shell/Shell';
import { ToastProvider } from '../ui/toast/ToastProvider';
import { ChunkErrorBoundary } from './ChunkErrorBoundary';
import { PageLoading } from './PageLoading';
import { RouteDocumentSettings } from './RouteDocumentSettings';
import { ScrollToTop } from './ScrollToTop';

/** The one layout around every route: document settings, the shell, and the page slot. */
export function RootLayout() {
  const { pathname } = useLocation();
  const { t } = useTranslation();
  return (
    <ToastProvider dismissLabel={t('toast.dismiss')}>
      <ScrollToTop />
      <RouteDocumentSettings />
      <Shell>
        <ChunkErrorBoundary key={pathname}>
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </ChunkErrorBoundary>
      </Shell>
    </ToastProvider>
  );
}
