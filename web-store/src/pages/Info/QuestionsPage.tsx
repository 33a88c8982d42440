import { useTranslation } from 'react-i18next';
import { useContactDialog } from '../../shell/contact/ContactDialogProvider';
import { useVipRule } from '../../orders/vipRule';
import { Button } from '../../ui/Button';
import styles from './InfoPage.module.css';

type ItemKey = 'license' | 'quote' | 'vip' | 'invoice' | 'invoiceRegion' | 'refund' | 'download' | 'transcode';

const groups: { key: 'license' | 'buying' | 'invoice' | 'after'; items: ItemKey[] }[] = [
  { key: 'license', items: ['license'] },
  { key: 'buying', items: ['quote', 'vip'] },
  { key: 'invoice', items: ['invoice', 'invoiceRegion'] },
  { key: 'after', items: ['refund', 'download', 'transcode'] },
];

/** /Questions: the FAQ (spec section 9 constants: quote times, invoices, refunds, downloads). */
export default function QuestionsPage() {
  const { t } = useTranslation();
  const contact = useContactDialog();
  const vip = useVipRule();
  return (
    <div className={styles.page}>
      <header className={styles.hero}>
        <h1 className={styles.title}>{t('faq.title')}</h1>
        <p className={styles.lead}>{t('faq.subtitle')}</p>
      </header>
      <div className={styles.faq}>
        {groups.map((group) => (
          <section key={group.key} className={styles.group} aria-labelledby={`faq-${group.key}`}>
            <h2 id={`faq-${group.key}`} className={styles.groupTitle}>
              {t(`faq.groups.${group.key}`)}
            </h2>
            {group.items.map((item, index) => (
              <details key={item} className={styles.question} open={group.key === 'license' && index === 0} data-testid={`faq-${item}`}>
                <summary>{t(`faq.items.${item}Q`)}</summary>
                <p>{item === 'vip' ? vip.rule : t(`faq.items.${item}A`)}</p>
              </details>
            ))}
          </section>
        ))}
      </div>
      <aside className={styles.contact}>
        <div>
          <h2 className={styles.contactTitle}>{t('faq.contactTitle')}</h2>
          <p className={styles.muted}>{t('faq.contactBody')}</p>
        </div>
        <Button onClick={contact.open}>{t('faq.contactButton')}</Button>
      </aside>
    </div>
  );
}
