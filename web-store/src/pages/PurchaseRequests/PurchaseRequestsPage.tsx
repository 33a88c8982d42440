import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import type { PurchaseRequestView } from '@mkt/contracts/web';
import { loginUrlReturningTo } from '../../api/authLoss';
import { purchaseRequestCalls } from '../../api/purchaseRequestCalls';
import { Notice } from '../../catalogue/Notice';
import { formatUtc8Date } from '../../catalogue/materialFormat';
import { useRemote } from '../../catalogue/useRemote';
import { useSession } from '../../session/SessionProvider';
import { isEnterpriseAdmin } from '../../session/userRoles';
import { Button, buttonClass } from '../../ui/Button';
import { useToast } from '../../ui/toast/ToastProvider';
import { messageOf } from '../Boards/boardMessages';
import styles from '../Boards/Boards.module.css';
import { CompanyLicences } from './CompanyLicences';

/** /PurchaseRequests: an enterprise member's purchase requests and, for the company's administrator, the company's to decide. */
export default function PurchaseRequestsPage() {
  const { t } = useTranslation();
  const { status, user } = useSession();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const admin = isEnterpriseAdmin(user);
  const asked = params.get('tab');
  const tab = admin && (asked === 'company' || asked === 'licences') ? asked : 'mine';

  if (status === 'checking') return <p className={styles.page}>{t('catalogue.loading')}</p>;
  if (status === 'signedOut') {
    return (
      <div className={styles.page}>
        <Notice title={t('boards.signIn')} testId="purchase-sign-in">
          <Link className={buttonClass('primary')} to={loginUrlReturningTo(location.pathname + location.search)}>
            {t('collect.signIn')}
          </Link>
        </Notice>
      </div>
    );
  }
  return (
    <div className={styles.page}>
      <header className={styles.head}>
        <div>
          <h1 className={styles.title}>{t('boards.purchaseTitle')}</h1>
          <p className={styles.lead}>{t('boards.purchaseLead')}</p>
        </div>
        {admin ? (
          <div className={styles.linkActions} role="tablist">
            <Button variant={tab === 'mine' ? 'primary' : 'secondary'} onClick={() => setParams({})} data-testid="purchase-tab-mine">
              {t('boards.purchaseMine')}
            </Button>
            <Button variant={tab === 'company' ? 'primary' : 'secondary'} onClick={() => setParams({ tab: 'company' })} data-testid="purchase-tab-company">
              {t('boards.purchaseCompany')}
            </Button>
            <Button variant={tab === 'licences' ? 'primary' : 'secondary'} onClick={() => setParams({ tab: 'licences' })} data-testid="purchase-tab-licences">
              {t('boards.licencesTab')}
            </Button>
          </div>
        ) : null}
      </header>
      {tab === 'licences' ? <CompanyLicences /> : <RequestList company={tab === 'company'} />}
    </div>
  );
}

function RequestList({ company }: { company: boolean }) {
  const { t, i18n } = useTranslation();
  const list = useRemote((signal) => (company ? purchaseRequestCalls.company(undefined, 1, { signal }) : purchaseRequestCalls.mine(1, { signal })), [company, i18n.language]);
  if (list.error) return <p className={styles.failed}>{messageOf(list.error, t('boards.failed'))}</p>;
  if (!list.data) return <p className={styles.muted}>{t('catalogue.loading')}</p>;
  if (list.data.infos.length === 0) return <p className={styles.muted}>{t('boards.purchaseEmpty')}</p>;
  return (
    <ul className={styles.items} data-testid="purchase-list">
      {list.data.infos.map((request) => (
        <RequestRow key={request.id} request={request} company={company} onDecided={list.reload} />
      ))}
    </ul>
  );
}

function RequestRow({ request, company, onDecided }: { request: PurchaseRequestView; company: boolean; onDecided(): void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const run = async (work: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await work();
      toast.show({ message: done });
      onDecided();
    } catch (error) {
      toast.show({ message: messageOf(error, t('boards.actionFailed')) });
    } finally {
      setBusy(false);
    }
  };
  const state = request.status === 'pending' ? t('boards.purchasePending') : request.status === 'approved' ? t('boards.purchaseApproved') : t('boards.purchaseDeclined');
  return (
    <li className={styles.link} data-testid="purchase-request" data-status={request.status}>
      <span className={styles.linkState}>
        {state} · {request.requester} · {formatUtc8Date(request.createdAt)}
        {request.boardName ? ` · ${request.boardName}` : ''}
      </span>
      <span className={styles.muted}>
        {t('boards.purchaseProject', { name: request.projectName })} · {request.items.map((item) => item.title).join('、')}
      </span>
      {request.note ? <p className={styles.note}>{request.note}</p> : null}
      {request.status === 'declined' ? <p className={styles.error}>{t('boards.purchaseReason', { reason: request.reason })}</p> : null}
      {request.music ? <span className={styles.muted}>{t('boards.purchaseMusic', { label: request.music.label })}</span> : null}
      {request.orderId ? (
        <Link to={`/Order?id=${request.orderId}`} className={styles.back} data-testid="purchase-order">
          {t('boards.purchaseOrder', { orderNo: request.orderNo ?? '' })} →
        </Link>
      ) : null}
      {request.music?.orderId && request.music.orderNo ? (
        <Link to={`/Order?id=${request.music.orderId}`} className={styles.back} data-testid="purchase-music-order">
          {t('boards.purchaseMusicOrder', { orderNo: request.music.orderNo })} →
        </Link>
      ) : null}
      {company && request.status === 'pending' ? (
        <span className={styles.linkActions}>
          <Button disabled={busy} onClick={() => void run(() => purchaseRequestCalls.approve(request.id), t('boards.purchaseApprovedToast'))} data-testid="purchase-approve">
            {t('boards.purchaseApprove')}
          </Button>
          <input
            className={styles.input}
            value={reason}
            maxLength={300}
            placeholder={t('boards.purchaseReasonPlaceholder')}
            aria-label={t('boards.purchaseReasonPlaceholder')}
            onChange={(event) => setReason(event.target.value)}
            data-testid="purchase-reason"
          />
          <Button variant="secondary" disabled={busy || reason.trim() === ''} onClick={() => void run(() => purchaseRequestCalls.decline(request.id, reason.trim()), t('boards.purchaseDeclinedToast'))} data-testid="purchase-decline">
            {t('boards.purchaseDecline')}
          </Button>
        </span>
      ) : null}
    </li>
  );
}
