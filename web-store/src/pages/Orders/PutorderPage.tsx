import { LICENCE_DURATIONS, LICENCE_FORM_RULES, LICENCE_LABELS, LICENCE_REGIONS, LICENCE_TYPES, type LicenceForm, type LicenceType, SPECIAL_REQUEST_MAX, type CartItem, licenceRequiredFields } from '@mkt/contracts/web';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ApiError } from '../../api/client';
import { orderCalls } from '../../api/orderCalls';
import { selectedCartIds } from '../../orders/selectedCartIds';
import { announceCartChanged } from '../../orders/useAddToCart';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { useNarrowScreen } from '../../ui/useNarrowScreen';
import { SignedIn, Thumb, messageOf } from './common';
import { noteOrdered } from '../../catalogue/searchDemand';
import styles from './Orders.module.css';

type Draft = Record<keyof LicenceForm, string>;
/** The project type has no default: the buyer chooses one the licence type allows. */
const EMPTY: Draft = {
  licenceType: 'commercial',
  buyerCompany: '',
  projectType: '',
  projectName: '',
  brand: '',
  userCompany: '',
  purpose: '',
  region: 'mainland',
  duration: '1y',
  contact: '',
  phone: '',
  specialRequest: '',
};

/**
 * On a phone the form comes in steps, each checked before the next; a wide screen shows it whole.
 * Every field belongs to one step.
 */
const STEPS: readonly { name: 'stepLicence' | 'stepTerms' | 'stepContact'; fields: readonly (keyof Draft)[] }[] = [
  { name: 'stepLicence', fields: ['licenceType', 'projectType', 'projectName', 'brand', 'purpose'] },
  { name: 'stepTerms', fields: ['buyerCompany', 'userCompany', 'region', 'duration'] },
  { name: 'stepContact', fields: ['contact', 'phone', 'specialRequest'] },
];

/** /Putorder: the licence form of spec section 5 over every item in the cart (or the lines `?cartIds=` names); a confirm dialog precedes submit. */
export default function PutorderPage() {
  const { t } = useTranslation();
  return (
    <div className={`${styles.page} ${styles.narrow}`}>
      <header className={styles.head}>
        <h1 className={styles.title}>{t('orders.putorder.title')}</h1>
      </header>
      <p className={styles.promise}>{t('orders.quotePromise')}</p>
      <SignedIn>
        <LicenceFormView />
      </SignedIn>
    </div>
  );
}

function LicenceFormView() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const only = useMemo(() => selectedCartIds(params.get('cartIds')), [params]);
  const zh = i18n.language !== 'en';
  const [items, setItems] = useState<CartItem[] | null>(null);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof Draft, string>>>({});
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);
  const narrow = useNarrowScreen();
  const [step, setStep] = useState(0);
  const shown = (name: keyof Draft) => !narrow || STEPS[step]!.fields.includes(name);

  useEffect(() => {
    let live = true;
    Promise.all([orderCalls.cartList(0, 1, 100), orderCalls.cartList(1, 1, 100)])
      // ?cartIds= (from a board's selection): only those lines of the cart are quoted.
      .then(([videos, photos]) => live && setItems([...videos.infos, ...photos.infos].filter((item) => !only || only.has(item.cartId))))
      .catch((error: unknown) => live && setFailure(t('orders.loadFailed', { message: messageOf(error) })));
    return () => {
      live = false;
    };
  }, [t, i18n.language, only]);

  // What this licence type asks for (LICENCE_FORM_RULES, the server's rules too).
  const licenceType = draft.licenceType as LicenceType;
  const rules = LICENCE_FORM_RULES[licenceType];
  const required: readonly string[] = licenceRequiredFields(licenceType);

  const set = (field: keyof Draft) => (event: { target: { value: string } }) => {
    const value = event.target.value;
    setDraft((d) => {
      const next = { ...d, [field]: value };
      // A project type the new licence type does not allow is chosen again.
      if (field === 'licenceType' && !(LICENCE_FORM_RULES[value as LicenceType].projectTypes as readonly string[]).includes(d.projectType)) next.projectType = '';
      return next;
    });
    setErrors((e) => ({ ...e, [field]: undefined }));
  };
  const label = (table: Record<string, readonly [string, string]>, key: string) => table[key]![zh ? 0 : 1];

  /** Checks the fields of `only` (a step's), or all of them; a phone is taken to the first step with a problem. */
  const validate = (only?: readonly (keyof Draft)[]): boolean => {
    const next: Partial<Record<keyof Draft, string>> = {};
    for (const field of licenceRequiredFields(licenceType)) {
      if (only && !only.includes(field)) continue;
      if (draft[field].trim()) continue;
      next[field] = t(field === 'projectType' ? 'orders.putorder.chooseRequired' : 'orders.putorder.required', { field: t(`orders.putorder.${field}`) });
    }
    if ((!only || only.includes('specialRequest')) && draft.specialRequest.length > SPECIAL_REQUEST_MAX) next.specialRequest = t('orders.putorder.tooLong');
    setErrors(next);
    const firstWrong = STEPS.findIndex((candidate) => candidate.fields.some((field) => next[field]));
    if (firstWrong >= 0 && !only) setStep(firstWrong);
    return Object.keys(next).length === 0;
  };

  const submit = async () => {
    if (!items) return;
    setBusy(true);
    setFailure('');
    try {
      const created = await orderCalls.create(
        items.map((i) => i.cartId),
        // Only what this licence type asks for is sent: a personal licence names no company or brand.
        (rules.companies ? draft : { ...draft, buyerCompany: '', userCompany: '', brand: '' }) as unknown as LicenceForm,
      );
      announceCartChanged();
      noteOrdered(items.map((i) => i.id));
      navigate(`/OrderSuccess?id=${created.orderId}&no=${created.orderNo}`);
    } catch (error) {
      setFailure(error instanceof ApiError && error.hasServerMessage ? t('orders.submitFailed', { message: error.message }) : t('orders.submitError', { message: messageOf(error) }));
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };

  const field = (name: keyof Draft, input: 'text' | 'textarea' = 'text', wide = false) => (
    <label className={`${styles.field} ${wide ? styles.wide : ''}`}>
      <span>
        {t(`orders.putorder.${name}`)}
        {required.includes(name) ? ' *' : ''}
      </span>
      {input === 'textarea' ? (
        <textarea value={draft[name]} onChange={set(name)} data-testid={`putorder-${name}`} />
      ) : (
        <input value={draft[name]} onChange={set(name)} data-testid={`putorder-${name}`} />
      )}
      {errors[name] && <span className={styles.error}>{errors[name]}</span>}
    </label>
  );
  const select = (name: keyof Draft, values: readonly string[], table: Record<string, readonly [string, string]>) => (
    <label className={styles.field}>
      <span>{t(`orders.putorder.${name}`)} *</span>
      <select value={draft[name]} onChange={set(name)} data-testid={`putorder-${name}`}>
        {draft[name] === '' && (
          <option value="" disabled>
            {t('orders.putorder.choose')}
          </option>
        )}
        {values.map((value) => (
          <option key={value} value={value}>
            {label(table, value)}
          </option>
        ))}
      </select>
      {errors[name] && <span className={styles.error}>{errors[name]}</span>}
    </label>
  );

  if (!items) return failure ? <p className={styles.error}>{failure}</p> : <p className={styles.muted}>{t('orders.loading')}</p>;
  if (items.length === 0) return <p className={styles.muted}>{t('orders.putorder.noItems')}</p>;
  return (
    <>
      <h2 className={styles.subtitle}>{t('orders.putorder.items')}</h2>
      <div className={styles.rows}>
        {items.map((item) => (
          <div key={item.cartId} className={styles.row} data-testid="putorder-item">
            <span />
            <Thumb src={item.thumbnail} />
            <div>
              <div className={styles.itemTitle}>{item.title}</div>
              <div className={styles.code}>{item.code}</div>
            </div>
            <span className={styles.badge}>{item.skuName}</span>
          </div>
        ))}
      </div>
      <h2 className={styles.subtitle}>{t('orders.detail.licence')}</h2>
      <form
        className={styles.form}
        onSubmit={(event) => {
          event.preventDefault();
          if (validate()) setConfirming(true);
        }}
        noValidate
      >
        {narrow && (
          <ol className={`${styles.wide} ${styles.steps}`} data-testid="putorder-steps">
            {STEPS.map((candidate, index) => (
              <li key={candidate.name} className={index === step ? styles.stepOn : undefined} aria-current={index === step ? 'step' : undefined}>
                {t(`orders.putorder.${candidate.name}`)}
              </li>
            ))}
          </ol>
        )}
        {shown('licenceType') && select('licenceType', LICENCE_TYPES, LICENCE_LABELS.type)}
        {shown('projectType') && select('projectType', rules.projectTypes, LICENCE_LABELS.projectType)}
        {shown('licenceType') && draft.licenceType === 'personal' && (
          <div className={`${styles.wide} ${styles.muted}`} data-testid="putorder-personal-note">
            <p>{t('orders.putorder.personalLicensee')}</p>
            <p>{t('orders.putorder.personalNote')}</p>
          </div>
        )}
        {rules.companies && shown('buyerCompany') && field('buyerCompany')}
        {rules.companies && shown('userCompany') && field('userCompany')}
        {shown('projectName') && field('projectName')}
        {rules.brand && shown('brand') && field('brand')}
        {shown('purpose') && field('purpose', 'text', true)}
        {shown('region') && select('region', LICENCE_REGIONS, LICENCE_LABELS.region)}
        {shown('duration') && select('duration', LICENCE_DURATIONS, LICENCE_LABELS.duration)}
        {shown('contact') && field('contact')}
        {shown('phone') && field('phone')}
        {shown('specialRequest') && field('specialRequest', 'textarea', true)}
        {failure && <p className={`${styles.wide} ${styles.error}`} data-testid="putorder-failure">{failure}</p>}
        <div className={`${styles.wide} ${styles.footer}`}>
          {narrow && step > 0 && (
            <Button variant="secondary" size="lg" onClick={() => setStep(step - 1)} data-testid="putorder-back">
              {t('orders.putorder.back')}
            </Button>
          )}
          {/* Keys keep these two apart: reusing the tapped "Next" as the submit button would submit the form with that tap. */}
          {narrow && step < STEPS.length - 1 ? (
            <Button key="next" size="lg" onClick={() => validate(STEPS[step]!.fields) && setStep(step + 1)} data-testid="putorder-next">
              {t('orders.putorder.next')}
            </Button>
          ) : (
            <Button key="submit" type="submit" size="lg" data-testid="putorder-submit">
              {t('orders.putorder.submit')}
            </Button>
          )}
        </div>
      </form>
      <Dialog open={confirming} title={t('orders.putorder.confirmTitle')} onClose={() => setConfirming(false)} testId="putorder-confirm-dialog">
        <p>{t('orders.putorder.confirmBody')}</p>
        <div className={styles.footer}>
          <Button variant="secondary" onClick={() => setConfirming(false)}>
            {t('orders.putorder.cancel')}
          </Button>
          <Button onClick={submit} disabled={busy} data-testid="putorder-confirm">
            {t('orders.putorder.confirm')}
          </Button>
        </div>
      </Dialog>
    </>
  );
}
