import { ErrorCode, type EarningsResponse, type RealNameStatus, type RealNameView, type StatementDetail, type StatementListResponse, type StatementSummary, formatFen } from '@mkt/contracts/web';
import { type ReactNode, Suspense, lazy, useCallback, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { ApiError } from '../../api/client';
import { openLink } from '../../api/orderCalls';
import { payoutCalls } from '../../api/payoutCalls';
import { formatUtc8Date } from '../../catalogue/materialFormat';
import { Notice } from '../../catalogue/Notice';
import { useRemote } from '../../catalogue/useRemote';
import { useSession } from '../../session/SessionProvider';
import { addPageMessages } from '../../i18n/pageMessages';
import { billEn } from '../../i18n/resources/bill.en';
import { billZhCN } from '../../i18n/resources/bill.zh-CN';
import { isContributor } from '../../session/userRoles';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { useToast } from '../../ui/toast/ToastProvider';
import { SignedIn, chinaTime, messageOf } from '../Orders/common';
import styles from './Bill.module.css';
import { BankInfoSection } from './BankInfoSection';
import { RealNameSection } from './RealNameSection';
import { REJECT_REASON_MAX, STATUS_TONE, awaitsAnswer, earningsChart, isRefund, licenceTypeLabel, quarterBars, rejectReasonProblem } from './billView';

// The chart library loads only when a contributor with sales opens /Bill.
const EarningsChart = lazy(() => import('./EarningsChart'));

addPageMessages('bill', billZhCN, billEn);

function isForbidden(error: unknown): boolean {
  return error instanceof ApiError && error.code === ErrorCode.FORBIDDEN;
}

const TABS = ['statements', 'account'] as const;
type Tab = (typeof TABS)[number];

/**
 * /Bill (W): a contributor's earnings, per quarter and per material, and their quarterly
 * statements; the `account` tab holds the real-name check and the bank info they are paid to.
 */
export default function BillPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  const tab: Tab = (TABS as readonly string[]).includes(params.get('tab') ?? '') ? (params.get('tab') as Tab) : 'statements';
  return (
    <div className={styles.page} data-testid="bill-page">
      <header className={styles.head}>
        <div>
          <h1 className={styles.title}>{t('bill.title')}</h1>
          <p className={styles.muted}>{t('bill.lead')}</p>
        </div>
        {isContributor(user) && (
          <Link to="/MaterialCenter" className={styles.headLink} data-testid="bill-material-center">
            {t('header.materialCenter')}
          </Link>
        )}
      </header>
      <SignedIn>
        <ContributorsOnly>
          <nav className={styles.tabs} aria-label={t('bill.tabs.label')}>
            {TABS.map((name) => (
              <button
                key={name}
                type="button"
                className={styles.tab}
                aria-current={tab === name ? 'page' : undefined}
                onClick={() => setParams(name === 'statements' ? {} : { tab: name })}
                data-testid={`bill-tab-${name}`}
              >
                {t(`bill.tabs.${name}`)}
              </button>
            ))}
          </nav>
          {tab === 'statements' ? (
            <>
              <Earnings />
              <Statements />
            </>
          ) : (
            <AccountTab />
          )}
        </ContributorsOnly>
      </SignedIn>
    </div>
  );
}

/** The real-name check comes first: the bank form needs the verified name. */
function AccountTab() {
  const [realName, setRealName] = useState<RealNameStatus | null>(null);
  const onRealName = useCallback((view: RealNameView) => setRealName(view.status), []);
  return (
    <div className={styles.account}>
      <RealNameSection onChange={onRealName} />
      <BankInfoSection realNameStatus={realName} />
    </div>
  );
}

function Refusal() {
  const { t } = useTranslation();
  return <Notice title={t('bill.contributorsOnly')} body={t('bill.contributorsOnlyBody')} testId="bill-refused" />;
}

/** Buyers get the refusal without a call; the server's 403 (a role changed meanwhile) ends the same way. */
function ContributorsOnly({ children }: { children: ReactNode }) {
  const { user } = useSession();
  return isContributor(user) ? <>{children}</> : <Refusal />;
}

function Earnings() {
  const { t, i18n } = useTranslation();
  // The language: best sellers' titles come back in it.
  const earnings = useRemote<EarningsResponse>((signal) => payoutCalls.earnings({ signal }), [i18n.language]);
  const data = earnings.data;
  const chart = useMemo(() => (data ? earningsChart(data) : null), [data]);
  if (isForbidden(earnings.error)) return <Refusal />;
  if (earnings.error) return <p className={styles.error}>{t('bill.loadFailed', { message: messageOf(earnings.error) })}</p>;
  if (!data || !chart) return <p className={styles.muted}>{t('bill.loading')}</p>;
  const bars = quarterBars(data.quarters);
  return (
    <>
      <section className={styles.section} aria-labelledby="bill-earnings">
        <h2 id="bill-earnings" className={styles.sectionTitle}>
          {t('bill.earnings.title')}
        </h2>
        <dl className={styles.totals}>
          <div className={styles.total}>
            <dt>{t('bill.earnings.total')}</dt>
            <dd data-testid="bill-total">{formatFen(data.totalFen)}</dd>
          </div>
          <div className={styles.total}>
            <dt>{t('bill.earnings.remitted')}</dt>
            <dd data-testid="bill-remitted">{formatFen(data.remittedFen)}</dd>
          </div>
          <div className={styles.total}>
            <dt>{t('bill.earnings.unstated')}</dt>
            <dd data-testid="bill-unstated">{formatFen(data.unstatedFen)}</dd>
            <dd className={styles.hint}>{t('bill.earnings.unstatedHint')}</dd>
          </div>
        </dl>
      </section>
      {chart.quarters.length > 0 && (
        <section className={styles.section} aria-labelledby="bill-chart">
          <h2 id="bill-chart" className={styles.sectionTitle}>
            {t('bill.earnings.chartTitle')}
          </h2>
          <Suspense fallback={<div className={styles.chart} />}>
            <EarningsChart quarters={chart.quarters} series={chart.series} />
          </Suspense>
        </section>
      )}
      <div className={styles.columns}>
        <section className={styles.section} aria-labelledby="bill-quarters">
          <h2 id="bill-quarters" className={styles.sectionTitle}>
            {t('bill.earnings.quarters')}
          </h2>
          {bars.length === 0 ? (
            <p className={styles.empty} data-testid="bill-quarters-empty">
              {t('bill.earnings.quartersEmpty')}
            </p>
          ) : (
            <ol className={styles.bars} data-testid="bill-quarters">
              {bars.map((bar) => (
                <li key={`${bar.year}-${bar.quarter}`} className={styles.bar} data-testid="bill-quarter" data-period={`${bar.year}Q${bar.quarter}`}>
                  <span className={styles.barLabel}>{t('bill.quarter', { year: bar.year, quarter: bar.quarter })}</span>
                  {/* The figures beside the bar say everything; the bar is for the eye only. */}
                  <span className={styles.barTrack} aria-hidden="true">
                    <span className={styles.barFill} style={{ width: `${bar.percent}%` }} />
                  </span>
                  <span className={styles.barValue}>
                    <strong className={bar.earningFen < 0 ? styles.negative : undefined}>{formatFen(bar.earningFen)}</strong>
                    <span className={styles.muted}>{t('bill.earnings.sales', { count: bar.saleCount })}</span>
                  </span>
                </li>
              ))}
            </ol>
          )}
        </section>
        <section className={styles.section} aria-labelledby="bill-best">
          <h2 id="bill-best" className={styles.sectionTitle}>
            {t('bill.earnings.bestSellers')}
          </h2>
          {data.bestSellers.length === 0 ? (
            <p className={styles.empty} data-testid="bill-best-empty">
              {t('bill.earnings.bestSellersEmpty')}
            </p>
          ) : (
            <ol className={styles.best} data-testid="bill-best">
              {data.bestSellers.map((m) => (
                <li key={m.materialId} className={styles.bestItem} data-testid="bill-best-item">
                  <span className={styles.bestTitle}>
                    {m.title}
                    <span className={styles.code}>{m.code}</span>
                  </span>
                  <span className={styles.bestFigures}>
                    <strong>{formatFen(m.earningFen)}</strong>
                    <span className={styles.muted}>{t('bill.earnings.sales', { count: m.saleCount })}</span>
                  </span>
                </li>
              ))}
            </ol>
          )}
        </section>
      </div>
    </>
  );
}

function Statements() {
  const { t } = useTranslation();
  const toast = useToast();
  const yearPicker = useId();
  const [year, setYear] = useState<number | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const [rejecting, setRejecting] = useState<StatementSummary | null>(null);
  const [confirming, setConfirming] = useState<StatementSummary | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const list = useRemote<StatementListResponse>((signal) => payoutCalls.statements(year, { signal }), [year]);
  const period = (s: Pick<StatementSummary, 'year' | 'quarter'>) => t('bill.quarter', { year: s.year, quarter: s.quarter });

  const confirm = async (statement: StatementSummary) => {
    setBusy(statement.id);
    setConfirming(null);
    try {
      await payoutCalls.confirm(statement.id);
      toast.show({ message: t('bill.statements.confirmed', { period: period(statement) }) });
    } catch (error) {
      toast.show({ message: messageOf(error) });
    } finally {
      setBusy(null);
      list.reload();
    }
  };
  const downloadPdf = async (statement: StatementSummary) => {
    try {
      openLink((await payoutCalls.file(statement.id)).url);
    } catch (error) {
      toast.show({ message: messageOf(error) });
    }
  };

  if (isForbidden(list.error)) return null; // the earnings section above already says why
  return (
    <section className={styles.section} aria-labelledby="bill-statements">
      <div className={styles.sectionHead}>
        <h2 id="bill-statements" className={styles.sectionTitle}>
          {t('bill.statements.title')}
        </h2>
        {/* Years come from the answer; keep the picker once a year is chosen so it can be undone. */}
        {list.data && (list.data.years.length > 0 || year !== null) && (
          <label className={styles.yearPicker} htmlFor={yearPicker}>
            {t('bill.statements.year')}
            <select
              id={yearPicker}
              value={year ?? ''}
              onChange={(event) => setYear(event.target.value === '' ? null : Number(event.target.value))}
              data-testid="bill-year"
            >
              <option value="">{t('bill.statements.allYears')}</option>
              {list.data.years.map((y) => (
                <option key={y} value={y}>
                  {y}
                </option>
              ))}
            </select>
          </label>
        )}
      </div>
      {list.error ? (
        <p className={styles.error}>{t('bill.loadFailed', { message: messageOf(list.error) })}</p>
      ) : !list.data ? (
        <p className={styles.muted}>{t('bill.loading')}</p>
      ) : list.data.infos.length === 0 ? (
        <Notice title={t('bill.statements.empty')} body={t('bill.statements.emptyBody')} testId="bill-statements-empty" />
      ) : (
        <ul className={styles.statements} data-testid="bill-statements">
          {list.data.infos.map((s) => {
            const expanded = open === s.id;
            const linesId = `bill-lines-${s.id}`;
            return (
              <li key={s.id} className={styles.statement} data-testid="bill-statement" data-id={s.id} data-status={s.status} data-period={`${s.year}Q${s.quarter}`}>
                <div className={styles.statementHead}>
                  <div className={styles.statementTitle}>
                    <h3 className={styles.period}>{period(s)}</h3>
                    <span className={`${styles.status} ${styles[STATUS_TONE[s.status]]}`} data-testid="bill-statement-status">
                      {t(`bill.status.${s.status}`)}
                    </span>
                    <span className={styles.muted}>{t(`bill.statusHint.${s.status}`)}</span>
                  </div>
                  <dl className={styles.amounts}>
                    <div>
                      <dt>{t('bill.statements.gross')}</dt>
                      <dd data-testid="bill-statement-gross">{formatFen(s.grossFen)}</dd>
                    </div>
                    <div>
                      <dt>{t('bill.statements.tax')}</dt>
                      <dd data-testid="bill-statement-tax">{formatFen(s.taxFen)}</dd>
                    </div>
                    <div>
                      <dt>{t('bill.statements.net')}</dt>
                      <dd className={styles.net} data-testid="bill-statement-net">
                        {formatFen(s.netFen)}
                      </dd>
                    </div>
                  </dl>
                </div>
                <p className={styles.meta}>
                  {t('bill.statements.lineCount', { count: s.lineCount })} · {t('bill.statements.createdAt', { date: formatUtc8Date(s.createdAt) })}
                  {s.remittedAt && ` · ${t('bill.statements.remittedAt', { date: formatUtc8Date(s.remittedAt) })}`}
                </p>
                {s.status === 'rejected' && s.rejectReason && (
                  <p className={styles.reason} data-testid="bill-statement-reason">
                    {t('bill.statements.rejectReason', { reason: s.rejectReason })}
                  </p>
                )}
                <div className={styles.actions}>
                  <Button variant="ghost" aria-expanded={expanded} aria-controls={linesId} onClick={() => setOpen(expanded ? null : s.id)} data-testid="bill-statement-toggle">
                    {expanded ? t('bill.statements.hideLines') : t('bill.statements.showLines')}
                  </Button>
                  <Button variant="ghost" onClick={() => void downloadPdf(s)} data-testid="bill-statement-pdf">
                    {t('bill.statements.pdf')}
                  </Button>
                  {awaitsAnswer(s.status) && (
                    <>
                      <Button variant="secondary" disabled={busy === s.id} onClick={() => setRejecting(s)} data-testid="bill-statement-reject">
                        {t('bill.statements.reject')}
                      </Button>
                      <Button disabled={busy === s.id} onClick={() => setConfirming(s)} data-testid="bill-statement-confirm">
                        {t('bill.statements.confirm')}
                      </Button>
                    </>
                  )}
                </div>
                {expanded && (
                  <div id={linesId}>
                    <StatementLines id={s.id} caption={t('bill.lines.caption', { period: period(s) })} />
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {confirming && (
        <Dialog open title={t('bill.confirmDialog.title')} onClose={() => setConfirming(null)} closeLabel={t('bill.confirmDialog.cancel')} testId="bill-confirm-dialog" width={480}>
          <p className={styles.muted}>{t('bill.confirmDialog.body', { period: period(confirming), net: formatFen(confirming.netFen) })}</p>
          <div className={styles.dialogActions}>
            <Button variant="secondary" onClick={() => setConfirming(null)}>
              {t('bill.confirmDialog.cancel')}
            </Button>
            <Button disabled={busy === confirming.id} onClick={() => void confirm(confirming)} data-testid="bill-confirm-submit">
              {t('bill.confirmDialog.submit')}
            </Button>
          </div>
        </Dialog>
      )}
      {rejecting && (
        <RejectDialog
          statement={rejecting}
          period={period(rejecting)}
          onClose={() => setRejecting(null)}
          onRejected={() => {
            toast.show({ message: t('bill.statements.rejected', { period: period(rejecting) }) });
            setRejecting(null);
            list.reload();
          }}
        />
      )}
    </section>
  );
}

function StatementLines({ id, caption }: { id: string; caption: string }) {
  const { t, i18n } = useTranslation();
  // The language: material titles come back in it.
  const detail = useRemote<StatementDetail>((signal) => payoutCalls.detail(id, { signal }), [id, i18n.language]);
  if (detail.error) return <p className={styles.error}>{t('bill.loadFailed', { message: messageOf(detail.error) })}</p>;
  if (!detail.data) return <p className={styles.muted}>{t('bill.loading')}</p>;
  if (detail.data.lines.length === 0) return <p className={styles.muted}>{t('bill.lines.empty')}</p>;
  return (
    <div className={styles.tableWrap}>
      <table className={styles.lines} data-testid="bill-lines">
        <caption className={styles.caption}>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('bill.lines.orderNo')}</th>
            <th scope="col">{t('bill.lines.material')}</th>
            <th scope="col">{t('bill.lines.licence')}</th>
            <th scope="col">{t('bill.lines.soldAt')}</th>
            <th scope="col" className={styles.number}>
              {t('bill.lines.amount')}
            </th>
            <th scope="col" className={styles.number}>
              {t('bill.lines.share')}
            </th>
            <th scope="col" className={styles.number}>
              {t('bill.lines.earning')}
            </th>
          </tr>
        </thead>
        <tbody>
          {detail.data.lines.map((line, index) => {
            const licence = licenceTypeLabel(line.licenceType, i18n.language);
            const refund = isRefund(line);
            return (
              <tr key={`${line.orderNo}-${line.materialId}-${line.entryType}-${index}`} data-testid="bill-line" data-type={line.entryType}>
                <td>
                  {line.orderNo}
                  {refund && <span className={`${styles.status} ${styles.problem} ${styles.inline}`}>{t('bill.lines.refund')}</span>}
                </td>
                <td>
                  <span className={styles.code}>{line.code}</span> {line.title}
                </td>
                <td>{'text' in licence ? licence.text : t(`orders.kind.${licence.kind}`)}</td>
                <td>{chinaTime(line.soldAt)}</td>
                <td className={styles.number}>{formatFen(line.amountFen)}</td>
                <td className={styles.number}>{line.sharePercent}%</td>
                <td className={`${styles.number} ${refund ? styles.negative : ''}`} data-testid="bill-line-earning">
                  {formatFen(line.earningFen)}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function RejectDialog({ statement, period, onClose, onRejected }: { statement: StatementSummary; period: string; onClose: () => void; onRejected: () => void }) {
  const { t } = useTranslation();
  const reasonId = useId();
  const [reason, setReason] = useState('');
  // Say what is missing only once they tried to send, not while they start typing.
  const [tried, setTried] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const problem = rejectReasonProblem(reason);
  const shownError = serverError ?? (tried && problem ? t(`bill.rejectDialog.${problem}`, { max: REJECT_REASON_MAX }) : null);

  const submit = async () => {
    setTried(true);
    setServerError(null);
    if (problem) return;
    setSending(true);
    try {
      await payoutCalls.reject(statement.id, reason.trim());
      onRejected();
    } catch (error) {
      setServerError(messageOf(error));
    } finally {
      setSending(false);
    }
  };

  return (
    <Dialog open title={t('bill.rejectDialog.title')} onClose={onClose} closeLabel={t('bill.rejectDialog.cancel')} testId="bill-reject-dialog" width={480}>
      <form
        className={styles.rejectForm}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <p className={styles.muted}>{t('bill.rejectDialog.body', { period })}</p>
        <label htmlFor={reasonId} className={styles.fieldLabel}>
          {t('bill.rejectDialog.reason')}
        </label>
        <textarea
          id={reasonId}
          rows={4}
          value={reason}
          required
          maxLength={REJECT_REASON_MAX}
          aria-invalid={shownError !== null}
          aria-describedby={`${reasonId}-count`}
          onChange={(event) => setReason(event.target.value)}
          data-testid="bill-reject-reason"
        />
        <span id={`${reasonId}-count`} className={styles.counter}>
          {t('bill.rejectDialog.count', { count: reason.trim().length, max: REJECT_REASON_MAX })}
        </span>
        {shownError && (
          <p className={styles.error} role="alert" data-testid="bill-reject-error">
            {shownError}
          </p>
        )}
        <div className={styles.dialogActions}>
          <Button variant="secondary" onClick={onClose}>
            {t('bill.rejectDialog.cancel')}
          </Button>
          <Button type="submit" disabled={sending} data-testid="bill-reject-submit">
            {t('bill.rejectDialog.submit')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
