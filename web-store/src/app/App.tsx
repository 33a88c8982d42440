import { RouterProvider } from 'react-router-dom';
import { PreferenceCountsProvider } from '../session/PreferenceCountsProvider';
import { SessionProvider } from '../session/SessionProvider';
import type { AppRouter } from './router';

export function App({ router }: { router: AppRouter }) {
  return (
    <SessionProvider>
      <PreferenceCountsProvider>
        <RouterProvider router={router} />
      </PreferenceCountsProvider>
    </SessionProvider>
  );
}
