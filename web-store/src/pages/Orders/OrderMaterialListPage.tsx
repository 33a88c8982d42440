import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { openLink, orderCalls } from '../../api/orderCalls';
import { useRemote } from '../../catalogue/useRemote';
import { Button } from '../../ui/Button';
import { useToast } from '../../ui/toast/ToastProvider';
import { SignedIn, Thumb, chinaTime, messageOf } from './common';
import styles from './Orders.module.css';

/** /OrderMaterialList?view=materials|licences: purchased materials and their authorization files. */
export default function OrderMaterialListPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const view = params.get('view') === 'licences' ? 'licences' : 'materials';
  return (
    <div className={styles.page}>
      <header className={styles.head}>
        <h1 className={styles.title}>{t('orders.materials.title')}</h1>
        <div className={styles.tabs} role="tablist">
          {(['materials', 'licences'] as const).map((v) => (
            <button
              key={v}
              type="button"
              role="tab"
              aria-selected={v === view}
              className={v === view ? `${styles.tab} ${styles.tabOn}` : styles.tab}
              onClick={() => navigate({ search: `?view=${v}` })}
              data-testid={`materials-tab-${v}`}
            >
              {v === 'materials' ? t('orders.materials.materialView') : t('orders.materials.licenceView')}
            </button>
          ))}
        </div>
      </header>
      <SignedIn>{view === 'materials' ? <Materials /> : <LicenceFiles />}</SignedIn>
    </div>
  );
}

function Materials() {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const list = useRemote((signal) => orderCalls.purchased({ signal }), [i18n.language]);
  if (list.error) return <p className={styles.error}>{t('orders.loadFailed', { message: messageOf(list.error) })}</p>;
  if (!list.data) return <p className={styles.muted}>{t('orders.loading')}</p>;
  if (list.data.length === 0) return <p className={styles.muted}>{t('orders.materials.empty')}</p>;
  const download = async (orderId: string, itemId: number) => {
    try {
      openLink((await orderCalls.downloadOriginal(orderId, itemId)).url);
    } catch (error) {
      toast.show({ message: messageOf(error) });
    }
  };
  return (
    <>
      <div className={styles.rows}>
        {list.data.map((m) => (
          <div key={`${m.orderId}-${m.itemId}`} className={styles.row} data-testid="purchased-item">
            <span />
            <Thumb src={m.thumbnail} />
            <div>
              <div className={styles.itemTitle}>{m.title}</div>
              <div className={styles.code}>
                {m.code} · {m.projectId ? <Link to="/DownloadList">{t('orders.materials.project', { id: m.projectId })}</Link> : <Link to={`/Order?id=${m.orderId}`}>{m.orderNo}</Link>} ·{' '}
                {chinaTime(m.purchasedAt)}
              </div>
              {m.delivery === 'personal' && (
                <span className={styles.badge} data-testid="purchased-personal">
                  {t(`orders.materials.personal.${m.kind === 'photo' ? 'photo' : 'video'}`)}
                </span>
              )}
            </div>
            <Button variant="secondary" onClick={() => download(m.orderId, m.itemId)} data-testid="purchased-download">
              {m.downloadable ? t('orders.materials.download') : t('orders.materials.transcoding')}
            </Button>
          </div>
        ))}
      </div>
      <p className={`${styles.muted} ${styles.listNote}`}>{t('orders.detail.transcodingNote')}</p>
    </>
  );
}

function LicenceFiles() {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const list = useRemote((signal) => orderCalls.licences(undefined, { signal }), [i18n.language]);
  if (list.error) return <p className={styles.error}>{t('orders.loadFailed', { message: messageOf(list.error) })}</p>;
  if (!list.data) return <p className={styles.muted}>{t('orders.loading')}</p>;
  if (list.data.length === 0) return <p className={styles.muted}>{t('orders.materials.empty')}</p>;
  const pendingOrders = [...new Set(list.data.filter((l) => l.status !== 'generated').map((l) => l.orderId))];
  const generateAll = async () => {
    try {
      for (const orderId of pendingOrders) await orderCalls.generateLicences(orderId);
      list.reload();
    } catch (error) {
      toast.show({ message: messageOf(error) });
    }
  };
  const open = async (licenceId: string) => {
    try {
      openLink((await orderCalls.licenceFile(licenceId)).url);
    } catch (error) {
      toast.show({ message: messageOf(error) });
    }
  };
  return (
    <>
      <div className={styles.footer}>
        <Button variant="secondary" disabled={pendingOrders.length === 0} onClick={generateAll} data-testid="licences-generate-all">
          {t('orders.materials.generateAll')}
        </Button>
      </div>
      <div className={styles.rows}>
        {list.data.map((l) => (
          <div key={l.licenceId} className={`${styles.row} ${styles.rowPlain}`} data-testid="licence-row">
            <div>
              <div className={styles.itemTitle}>{l.title}</div>
              <div className={styles.code}>
                {l.code} · {l.orderNo} · {t('orders.materials.code')} {l.verificationCode}
              </div>
            </div>
            <div className={styles.actions}>
              <span className={`${styles.badge} ${l.status === 'generated' ? styles.ok : ''}`}>
                {l.status === 'generated' ? t('orders.materials.generated') : t('orders.materials.notGenerated')}
              </span>
              {l.status === 'generated' && (
                <Button variant="secondary" onClick={() => open(l.licenceId)} data-testid="licence-open">
                  {t('orders.materials.openLicence')}
                </Button>
              )}
            </div>
          </div>
        ))}
      </div>
    </>
  );
}
