import { campaignOfPath, formatFen, type CampaignPage as CampaignSlug } from '@mkt/contracts/web';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { isRetryable } from '../../api/client';
import { contestCalls } from '../../api/contestCalls';
import { Notice } from '../../catalogue/Notice';
import { useRemote } from '../../catalogue/useRemote';
import { addPageMessages } from '../../i18n/pageMessages';
import { contestsEn } from '../../i18n/resources/contests.en';
import { contestsZhCN } from '../../i18n/resources/contests.zh-CN';
import { Button, buttonClass } from '../../ui/Button';
import { chinaTime, messageOf } from '../Orders/common';
import styles from './Contests.module.css';
import { contestHref } from './contestText';
import { WinnerCard } from './WinnerCard';

addPageMessages('contests', contestsZhCN, contestsEn);

/** The contest landing's own pages, linked from each of them. */
const LANDING = [
  { to: '/fcb1year', key: 'home' },
  { to: '/fcb1year/m1', key: 'm1' },
  { to: '/fcb1year/m2', key: 'm2' },
  { to: '/fcb1year/m3', key: 'm3' },
] as const;

/**
 * The campaign pages (/8k2021 … /8k2024 (M), /canon2022 (W), /canon2022autumn (W), /fcb1year and
 * its m1 to m3 (M)): hero, texts and the linked contest's winners, all as contest managers keep
 * them in the console.
 */
export default function CampaignPage() {
  const { t, i18n } = useTranslation();
  const { pathname } = useLocation();
  const slug = campaignOfPath(pathname);
  const campaign = useRemote((signal) => (slug ? contestCalls.campaign(slug, { signal }) : Promise.resolve(null)), [slug, i18n.language]);
  const landing = slug?.startsWith('fcb1year') ?? false;
  return (
    <div className={styles.page} data-testid="campaign" data-slug={slug ?? ''}>
      {landing && <LandingNav />}
      {campaign.error ? (
        <Notice title={messageOf(campaign.error)} testId="campaign-missing">
          {/* A page that is not online answers the same the second time: offer the contests instead. */}
          {isRetryable(campaign.error) ? (
            <Button variant="secondary" onClick={campaign.reload}>
              {t('contests.retry')}
            </Button>
          ) : (
            <Link className={buttonClass('secondary')} to="/ActivityList">
              {t('contests.backToList')}
            </Link>
          )}
        </Notice>
      ) : !campaign.data ? (
        <div className={styles.hero} aria-busy="true" />
      ) : (
        <Campaign slug={slug!} data={campaign.data} />
      )}
    </div>
  );
}

function LandingNav() {
  const { t } = useTranslation();
  return (
    <nav className={styles.tabs} aria-label={t('contests.campaign.pages')}>
      {LANDING.map((item) => (
        <NavLink key={item.to} end to={item.to} className={({ isActive }) => (isActive ? `${styles.tab} ${styles.tabActive}` : styles.tab)}>
          {t(`contests.campaign.landing.${item.key}`)}
        </NavLink>
      ))}
    </nav>
  );
}

function Campaign({ slug, data }: { slug: CampaignSlug; data: NonNullable<Awaited<ReturnType<typeof contestCalls.campaign>>> }) {
  const { t } = useTranslation();
  const contest = data.contest;
  return (
    <>
      <header className={styles.hero}>
        {data.heroUrl && <img className={styles.heroImage} src={data.heroUrl} alt="" />}
        <div className={styles.heroText}>
          {contest && <span className={styles.heroStage}>{t(`contests.stage.${contest.stage}`)}</span>}
          <h1 className={styles.heroTitle}>{data.title}</h1>
          {data.subtitle && <span>{data.subtitle}</span>}
        </div>
      </header>
      {data.sections.map((section, index) => (
        <section key={index} className={styles.section}>
          {section.heading && <h2 className={styles.sectionTitle}>{section.heading}</h2>}
          {section.text && <p className={styles.rules}>{section.text}</p>}
        </section>
      ))}
      {contest && (
        <section className={styles.section} data-testid="campaign-contest">
          <h2 className={styles.sectionTitle}>{contest.title}</h2>
          <span className={styles.facts}>
            <span>{t('contests.trackCount', { count: contest.trackCount })}</span>
            {contest.totalCashFen > 0 && <span>{t('contests.prizeMoney', { amount: formatFen(contest.totalCashFen) })}</span>}
            <span className={styles.muted}>{t('contests.closes', { time: chinaTime(contest.phases.submission.endsAt) })}</span>
          </span>
          <span>
            <Link className={buttonClass(contest.stage === 'submission' ? 'primary' : 'secondary')} to={contest.stage === 'submission' ? `/ActivityDetail?id=${contest.id}` : contestHref(contest)}>
              {contest.stage === 'submission' ? t('contests.detail.enter') : contest.resultsPublished ? t('contests.winnersLink') : t('contests.view')}
            </Link>
          </span>
        </section>
      )}
      {data.winners.length > 0 && (
        <>
          <h2 className={styles.sectionTitle} data-testid="campaign-winners">
            {t('contests.past.winners')}
          </h2>
          <div className={styles.gallery}>
            {data.winners.map((winner) => (
              <WinnerCard key={`${slug}-${winner.entryId}`} winner={winner} />
            ))}
          </div>
        </>
      )}
    </>
  );
}
