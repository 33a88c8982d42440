import { BANK_NAME_MIN_LENGTH, type BankInfoSubmitRequest, type BankInfoView, type RealNameStatus, type SettlementType } from '@mkt/contracts/web';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { payoutCalls } from '../../api/payoutCalls';
import { formatUtc8Date } from '../../catalogue/materialFormat';
import { useRemote } from '../../catalogue/useRemote';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { useToast } from '../../ui/toast/ToastProvider';
import { messageOf } from '../Orders/common';
import styles from './Bill.module.css';
import { type BankDraft, bankProblems, bankRequest, contractNameFor, groupedCard } from './accountForms';
import { ReviewedSection } from './ReviewedSection';

const TONE = { none: 'attention', verifying: 'progress', failed: 'problem', verified: 'done' } as const;
const FIELDS = ['accountName', 'cardNumber', 'bankName', 'reservedPhone', 'idNumber', 'taxNumber'] as const;

/**
 * Where statements are paid: the current info (masked), its review state and reason, the yearly
 * lock with its date, and the form behind a confirmation step while a change is allowed.
 */
export function BankInfoSection({ realNameStatus }: { realNameStatus: RealNameStatus | null }) {
  const { t } = useTranslation();
  const info = useRemote<BankInfoView>((signal) => payoutCalls.bankInfo({ signal }), [realNameStatus]);
  const [editing, setEditing] = useState(false);
  const view = info.data;
  const locked = view?.lockedUntil ? new Date(view.lockedUntil) > new Date() : false;
  const canEdit = !!view && !locked;

  return (
    <ReviewedSection
      name="bank"
      title={t('bill.bank.title')}
      lead={t('bill.bank.lead')}
      view={view ?? null}
      statusLabel={(value) => t(`bill.bank.status.${value}`)}
      tones={TONE}
      error={info.error}
    >
      {(view) => (
        <>
          {view.status === 'failed' && view.rejectReason && (
            <p className={styles.reason} data-testid="bill-bank-reason">
              {t('bill.bank.reason', { reason: view.rejectReason })}
            </p>
          )}
          {locked && (
            <p className={styles.notice} data-testid="bill-bank-locked">
              {t('bill.bank.lockedUntil', { date: formatUtc8Date(view.lockedUntil!) })}
            </p>
          )}
          {view.paidTo && <p className={styles.muted}>{t('bill.bank.paidTo', { name: view.paidTo.accountName, card: view.paidTo.cardNumberMasked })}</p>}
          {view.status !== 'none' && (
            <dl className={styles.facts} data-testid="bill-bank-current" aria-label={t('bill.bank.current')}>
              <dt>{t('bill.bank.settlementType')}</dt>
              <dd>{t(`bill.bank.${view.settlementType ?? 'personal'}`)}</dd>
              <dt>{t('bill.bank.accountName')}</dt>
              <dd>{view.accountName}</dd>
              <dt>{t('bill.bank.cardNumber')}</dt>
              <dd data-testid="bill-bank-card">{view.cardNumberMasked}</dd>
              <dt>{t('bill.bank.bankName')}</dt>
              <dd>{view.bankName}</dd>
              <dt>{t('bill.bank.reservedPhone')}</dt>
              <dd>{view.reservedPhone}</dd>
              <dt>{t('bill.bank.idNumber')}</dt>
              <dd>{view.idNumberMasked}</dd>
              <dt>{t('bill.bank.taxNumber')}</dt>
              <dd>{view.taxNumberMasked}</dd>
            </dl>
          )}
          {canEdit && !editing && (
            <div className={styles.actions}>
              <Button variant={view.status === 'none' ? 'primary' : 'secondary'} onClick={() => setEditing(true)} data-testid="bill-bank-edit">
                {t('bill.bank.edit')}
              </Button>
            </div>
          )}
          {canEdit && editing && (
            <BankForm
              view={view}
              realNameStatus={realNameStatus}
              onCancel={() => setEditing(false)}
              onSubmitted={() => {
                setEditing(false);
                info.reload();
              }}
            />
          )}
        </>
      )}
    </ReviewedSection>
  );
}

type SavingBlock = 'companyMissing' | 'realNameMissing' | 'realNamePending' | 'realNameRejected';

/** Why the bank form cannot be sent yet: the account name must match a contract name the server knows. */
function savingBlockedBy(settlementType: SettlementType, contract: BankInfoView['contract'], realNameStatus: RealNameStatus | null): SavingBlock | null {
  if (settlementType === 'company') return contract.companyName ? null : 'companyMissing';
  if (realNameStatus === 'verified' || contract.realName) return null;
  if (realNameStatus === 'verifying') return 'realNamePending';
  if (realNameStatus === 'rejected') return 'realNameRejected';
  return 'realNameMissing';
}

function BankForm({ view, realNameStatus, onCancel, onSubmitted }: { view: BankInfoView; realNameStatus: RealNameStatus | null; onCancel: () => void; onSubmitted: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const ids = { accountName: useId(), cardNumber: useId(), bankName: useId(), reservedPhone: useId(), idNumber: useId(), taxNumber: useId() };
  const [draft, setDraft] = useState<BankDraft>(() => ({
    settlementType: view.settlementType ?? 'personal',
    accountName: contractNameFor(view.settlementType ?? 'personal', view.contract) ?? '',
    cardNumber: '',
    bankName: view.bankName ?? '',
    reservedPhone: '',
    idNumber: '',
    taxNumber: '',
  }));
  const [tried, setTried] = useState(false);
  const [confirming, setConfirming] = useState<BankInfoSubmitRequest | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const contractName = contractNameFor(draft.settlementType, view.contract);
  const problems = bankProblems(draft, contractName);
  const blocked = savingBlockedBy(draft.settlementType, view.contract, realNameStatus);
  const blockedId = useId();

  // The account name follows the settlement type while the person has not typed another.
  useEffect(() => {
    setDraft((current) => {
      const other = contractNameFor(current.settlementType === 'company' ? 'personal' : 'company', view.contract);
      return current.accountName === '' || current.accountName === other ? { ...current, accountName: contractNameFor(current.settlementType, view.contract) ?? '' } : current;
    });
  }, [draft.settlementType, view.contract]);

  const set = (field: keyof BankDraft, value: string) => setDraft((current) => ({ ...current, [field]: value }));
  const problemText = (field: (typeof FIELDS)[number]) => {
    const problem = tried ? problems[field] : undefined;
    if (!problem) return null;
    return t(`bill.fieldProblem.${problem}`, { min: BANK_NAME_MIN_LENGTH, expected: contractName ?? '' });
  };

  const review = () => {
    setTried(true);
    setServerError(null);
    if (blocked || Object.keys(problems).length > 0) return;
    setConfirming(bankRequest(draft));
  };
  const send = async (request: BankInfoSubmitRequest) => {
    setSending(true);
    try {
      await payoutCalls.submitBankInfo(request);
      toast.show({ message: t('bill.bank.submitted') });
      setConfirming(null);
      onSubmitted();
    } catch (error) {
      setConfirming(null);
      setServerError(messageOf(error));
    } finally {
      setSending(false);
    }
  };

  return (
    <form
      className={styles.accountForm}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        review();
      }}
      data-testid="bill-bank-form"
    >
      <fieldset className={styles.choice}>
        <legend className={styles.fieldLabel}>{t('bill.bank.settlementType')}</legend>
        {(['personal', 'company'] as SettlementType[]).map((type) => (
          <label key={type}>
            <input type="radio" name="settlementType" value={type} checked={draft.settlementType === type} onChange={() => set('settlementType', type)} data-testid={`bill-bank-type-${type}`} />
            {t(`bill.bank.${type}`)}
          </label>
        ))}
      </fieldset>
      {FIELDS.map((field) => (
        <div key={field} className={styles.field}>
          <label htmlFor={ids[field]} className={styles.fieldLabel}>
            {t(`bill.bank.${field}`)}
          </label>
          <input
            id={ids[field]}
            value={draft[field]}
            maxLength={field === 'bankName' || field === 'accountName' ? 100 : 40}
            inputMode={field === 'cardNumber' || field === 'reservedPhone' ? 'numeric' : undefined}
            autoComplete="off"
            aria-invalid={!!problemText(field)}
            onChange={(event) => set(field, event.target.value)}
            data-testid={`bill-bank-${field}`}
          />
          {field === 'bankName' && !problemText(field) && <span className={styles.hint}>{t('bill.bank.bankNameHint')}</span>}
          {field === 'taxNumber' && !problemText(field) && <span className={styles.hint}>{t('bill.bank.taxNumberHint')}</span>}
          {problemText(field) && (
            <span className={styles.fieldError} data-testid={`bill-bank-${field}-problem`}>
              {problemText(field)}
            </span>
          )}
        </div>
      ))}
      {serverError && (
        <p className={styles.error} role="alert" data-testid="bill-bank-error">
          {serverError}
        </p>
      )}
      {/* Why Save cannot send yet, said beside it and announced when Save is pressed. */}
      {blocked && (
        <p id={blockedId} className={tried ? `${styles.notice} ${styles.error}` : styles.notice} role={tried ? 'alert' : undefined} data-testid="bill-bank-blocked">
          {t(`bill.bank.blocked.${blocked}`)}
        </p>
      )}
      <div className={styles.actions}>
        <Button variant="secondary" onClick={onCancel}>
          {t('bill.bank.cancel')}
        </Button>
        <Button type="submit" aria-describedby={blocked ? blockedId : undefined} data-testid="bill-bank-save">
          {t('bill.bank.save')}
        </Button>
      </div>
      {confirming && (
        <Dialog open title={t('bill.bank.confirmTitle')} onClose={() => setConfirming(null)} closeLabel={t('bill.bank.back')} testId="bill-bank-confirm" width={520}>
          <p className={styles.muted}>{t('bill.bank.confirmBody')}</p>
          <dl className={styles.facts}>
            <dt>{t('bill.bank.settlementType')}</dt>
            <dd>{t(`bill.bank.${confirming.settlementType}`)}</dd>
            <dt>{t('bill.bank.accountName')}</dt>
            <dd>{confirming.accountName}</dd>
            <dt>{t('bill.bank.cardNumber')}</dt>
            <dd>{groupedCard(confirming.cardNumber)}</dd>
            <dt>{t('bill.bank.bankName')}</dt>
            <dd>{confirming.bankName}</dd>
            <dt>{t('bill.bank.reservedPhone')}</dt>
            <dd>{confirming.reservedPhone}</dd>
            <dt>{t('bill.bank.idNumber')}</dt>
            <dd>{confirming.idNumber}</dd>
            <dt>{t('bill.bank.taxNumber')}</dt>
            <dd>{confirming.taxNumber}</dd>
          </dl>
          <div className={styles.dialogActions}>
            <Button variant="secondary" onClick={() => setConfirming(null)} data-testid="bill-bank-back">
              {t('bill.bank.back')}
            </Button>
            <Button disabled={sending} onClick={() => void send(confirming)} data-testid="bill-bank-confirm-submit">
              {t('bill.bank.confirmSubmit')}
            </Button>
          </div>
        </Dialog>
      )}
    </form>
  );
}
