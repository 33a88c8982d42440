import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useVipRule } from '../../orders/vipRule';
import { useLoginGate } from '../../session/useLoginGate';
import { CartIcon, CrownIcon, HeartIcon, SurveyIcon } from '../../ui/icons';
import { siteContacts } from '../contact/siteContacts';
import { BackToTopButton } from './BackToTopButton';
import { ConsultPanel } from './ConsultPanel';
import styles from './SideToolbar.module.css';

/** The fixed tools on the right edge (spec section 2 "Side toolbar"). Hidden on phones by CSS. */
export function SideToolbar() {
  const { t } = useTranslation();
  const { requireSignIn } = useLoginGate();
  const vip = useVipRule();
  return (
    <aside className={styles.toolbar} aria-label={t('toolbar.label')} data-testid="side-toolbar">
      <Link to="/Vip" className={styles.vip} title={vip.rule} data-testid="toolbar-vip">
        <CrownIcon size={20} />
        <span className={styles.vipTitle}>VIP</span>
        <span className={styles.vipDesc} data-testid="toolbar-vip-short">{vip.short}</span>
      </Link>
      <div className={styles.stack}>
        <a
          className={styles.tool}
          href={siteContacts.feedbackSurveyUrl}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={t('toolbar.feedback')}
        >
          <SurveyIcon />
          <span className={styles.tip}>
            <strong>{t('toolbar.feedback')}</strong>
            <span>{t('toolbar.feedbackDesc')}</span>
          </span>
        </a>
        <ConsultPanel toolClassName={styles.tool} />
        <Link
          className={styles.tool}
          to="/Cart"
          aria-label={t('toolbar.cart')}
          onClick={(event) => {
            if (!requireSignIn('cart')) event.preventDefault();
          }}
        >
          <CartIcon />
          <span className={styles.tip}>{t('toolbar.cart')}</span>
        </Link>
        <Link
          className={styles.tool}
          to="/Collect"
          aria-label={t('toolbar.collect')}
          onClick={(event) => {
            if (!requireSignIn('collections')) event.preventDefault();
          }}
        >
          <HeartIcon />
          <span className={styles.tip}>{t('toolbar.collect')}</span>
        </Link>
      </div>
      <BackToTopButton />
    </aside>
  );
}
