import type { ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { showsSideToolbar } from '../routes/routeLayout';
import { findRoute } from '../routes/routeTable';
import { CompactTopBar } from './CompactTopBar/CompactTopBar';
import { ContactDialogProvider } from './contact/ContactDialogProvider';
import { ContributorNotice } from './ContributorNotice/ContributorNotice';
import { Footer } from './Footer/Footer';
import { Header } from './Header/Header';
import { MusicPlayerBar } from './MusicPlayer/MusicPlayerBar';
import { useIsMiniProgram } from './miniProgram';
import styles from './Shell.module.css';
import { SideToolbar } from './SideToolbar/SideToolbar';
import { UploadPanel } from './UploadPanel/UploadPanel';
import { UploadPanelProvider } from './UploadPanel/UploadPanelProvider';

/** Header, footer, side toolbar and dialogs, rendered once around whichever page is showing. */
export function Shell({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const insideMiniProgram = useIsMiniProgram();
  const route = findRoute(pathname);
  return (
    <ContactDialogProvider>
      <UploadPanelProvider>
        <div className={styles.shell}>
          {insideMiniProgram ? <CompactTopBar /> : <Header />}
          <main className={styles.main} id="main">
            {children}
          </main>
          <Footer />
        </div>
        {showsSideToolbar(route) && <SideToolbar />}
        <ContributorNotice />
        <UploadPanel />
        {/* Outside the routed content, so playback survives every navigation. */}
        <MusicPlayerBar />
      </UploadPanelProvider>
    </ContactDialogProvider>
  );
}
