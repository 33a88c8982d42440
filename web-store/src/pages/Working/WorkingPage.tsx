import { useTranslation } from 'react-i18next';
import { StatusPanel } from '../../ui/StatusPanel';
import styles from './WorkingPage.module.css';

/** Every route whose page is not built yet shows this (the spec's /working page). */
export default function WorkingPage() {
  const { t } = useTranslation();
  return (
    <StatusPanel
      art={<ConstructionArt />}
      title={t('pages.workingTitle')}
      body={t('pages.workingBody')}
      homeLabel={t('pages.backHome')}
      testId="page-working"
    />
  );
}

function ConstructionArt() {
  return (
    <svg className={styles.art} viewBox="0 0 160 110" width="160" height="110" aria-hidden="true" focusable="false">
      <rect x="14" y="22" width="132" height="78" rx="10" fill="none" stroke="currentColor" strokeOpacity="0.35" strokeWidth="2" />
      <rect x="14" y="22" width="132" height="16" rx="8" fill="currentColor" fillOpacity="0.08" />
      <circle cx="26" cy="30" r="3" fill="currentColor" fillOpacity="0.4" />
      <circle cx="36" cy="30" r="3" fill="currentColor" fillOpacity="0.4" />
      <path d="M30 82h100" stroke="#f5b83d" strokeWidth="10" strokeDasharray="14 10" />
      <path d="M52 82 66 56h28l14 26" fill="none" stroke="currentColor" strokeOpacity="0.55" strokeWidth="2" strokeLinejoin="round" />
      <path d="m80 10 6 12H74l6-12Z" fill="#f5b83d" />
    </svg>
  );
}
