import { AVATAR_MAX_BYTES, EMAIL_CONFIRM_VALID_HOURS, EMAIL_PATTERN, NICKNAME_MAX_LENGTH, maskEmail, maskPhone, type UserView } from '@mkt/contracts/web';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { orderCalls } from '../../api/orderCalls';
import { tokenStorage } from '../../api/tokenStorage';
import { avatarProblem, uploadAvatar, userCenterCalls } from '../../api/userCenterCalls';
import { Notice } from '../../catalogue/Notice';
import { useRemote } from '../../catalogue/useRemote';
import { useVipRule } from '../../orders/vipRule';
import { useSession } from '../../session/SessionProvider';
import { hasMaterialCenter, isContributor } from '../../session/userRoles';
import { Button, buttonClass } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { FilePicker } from '../../ui/FilePicker';
import { UserIcon } from '../../ui/icons';
import { useToast } from '../../ui/toast/ToastProvider';
import { contestCalls } from '../../api/contestCalls';
import { SignedIn, chinaTime, messageOf } from '../Orders/common';
import styles from './UserCenter.module.css';

/** The tabs, in order. Points come from contests: each one's pool is shared among its participants. */
const USER_CENTER_TABS = ['profile', 'account', 'security', 'vip', 'points', 'invoices'] as const;
type UserCenterTab = (typeof USER_CENTER_TABS)[number];

function tabFrom(value: string | null): UserCenterTab {
  return (USER_CENTER_TABS as readonly string[]).includes(value ?? '') ? (value as UserCenterTab) : 'profile';
}

/** /UserCenter?tab= (W): the signed-in user's profile, bound accounts, sessions, VIP and invoices. */
export default function UserCenterPage() {
  const { t } = useTranslation();
  return (
    <div className={styles.page} data-testid="user-center-page">
      <header className={styles.head}>
        <h1 className={styles.title}>{t('userCenter.title')}</h1>
        <p className={styles.muted}>{t('userCenter.lead')}</p>
      </header>
      <SignedIn>
        <UserCenter />
      </SignedIn>
    </div>
  );
}

function UserCenter() {
  const { t } = useTranslation();
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  const tab = tabFrom(params.get('tab'));
  const titleId = useId();
  if (!user) return null;
  return (
    <div className={styles.layout}>
      <aside className={styles.side}>
        <div className={styles.identity}>
          <Avatar user={user} size="large" />
          <div className={styles.identityText}>
            <p className={styles.name} data-testid="user-center-nickname">
              {user.nickname}
            </p>
            <p className={styles.muted}>{user.phone ? maskPhone(user.phone) : user.email ? maskEmail(user.email) : ''}</p>
          </div>
        </div>
        <nav className={styles.tabs} aria-label={t('userCenter.tabsLabel')}>
          {USER_CENTER_TABS.map((name) => (
            <button
              key={name}
              type="button"
              className={styles.tab}
              aria-current={tab === name ? 'page' : undefined}
              onClick={() => setParams({ tab: name })}
              data-testid={`user-center-tab-${name}`}
            >
              {t(`userCenter.tabs.${name}`)}
            </button>
          ))}
        </nav>
        <Shortcuts user={user} />
      </aside>
      {/* The shell's <main> holds the page: the tab's content is a section of it. */}
      <section className={styles.content} aria-labelledby={titleId} data-testid="user-center-content">
        <h2 id={titleId} className={styles.sectionTitle}>
          {t(`userCenter.tabs.${tab}`)}
        </h2>
        {tab === 'profile' && <ProfileTab user={user} />}
        {tab === 'account' && <AccountTab user={user} />}
        {tab === 'security' && <SecurityTab />}
        {tab === 'vip' && <VipTab />}
        {tab === 'points' && <PointsTab />}
        {tab === 'invoices' && <InvoicesTab />}
      </section>
    </div>
  );
}

function Avatar({ user, size }: { user: Pick<UserView, 'nickname' | 'avatarUrl'>; size: 'large' | 'small' }) {
  const className = `${styles.avatar} ${size === 'large' ? styles.avatarLarge : ''}`;
  if (user.avatarUrl) return <img className={className} src={user.avatarUrl} alt="" data-testid="user-center-avatar" />;
  return (
    <span className={className} aria-hidden="true">
      {user.nickname.slice(0, 1).toUpperCase() || <UserIcon size={20} />}
    </span>
  );
}

function Shortcuts({ user }: { user: UserView }) {
  const { t } = useTranslation();
  const links: { to: string; label: string; testId: string }[] = [
    { to: '/OrderList', label: t('userCenter.links.orders'), testId: 'uc-link-orders' },
    { to: '/OrderMaterialList', label: t('userCenter.links.purchased'), testId: 'uc-link-purchased' },
    { to: '/Collect', label: t('userCenter.links.collect'), testId: 'uc-link-collect' },
    { to: '/Boards', label: t('userCenter.links.boards'), testId: 'uc-link-boards' },
  ];
  if (hasMaterialCenter(user)) links.push({ to: '/MaterialCenter', label: t('userCenter.links.materialCenter'), testId: 'uc-link-material-center' });
  if (isContributor(user)) {
    links.push({ to: '/Bill', label: t('userCenter.links.bill'), testId: 'uc-link-bill' });
    links.push({ to: '/Bill?tab=account', label: t('userCenter.links.realName'), testId: 'uc-link-real-name' });
  }
  return (
    <div className={styles.shortcuts}>
      <p className={styles.shortcutsTitle}>{t('userCenter.shortcuts')}</p>
      <ul className={styles.linkList}>
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className={styles.link} data-testid={link.testId}>
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

function ProfileTab({ user }: { user: UserView }) {
  const { t } = useTranslation();
  const { updateUser } = useSession();
  const toast = useToast();
  const maxMb = AVATAR_MAX_BYTES / (1024 * 1024);
  const [file, setFile] = useState<File | null>(null);
  const [uploading, setUploading] = useState(false);
  const [avatarError, setAvatarError] = useState<string | null>(null);
  const [nickname, setNickname] = useState(user.nickname);
  const [saving, setSaving] = useState(false);
  const [nicknameError, setNicknameError] = useState<string | null>(null);

  const choose = (chosen: File | null) => {
    setFile(chosen);
    const problem = chosen ? avatarProblem(chosen) : null;
    setAvatarError(problem === 'type' ? t('userCenter.profile.avatarType') : problem === 'size' ? t('userCenter.profile.avatarSize', { maxMb }) : null);
  };
  const upload = async () => {
    if (!file || avatarProblem(file)) return;
    setUploading(true);
    setAvatarError(null);
    try {
      updateUser(await uploadAvatar(file));
      setFile(null);
      toast.show({ message: t('userCenter.profile.avatarSaved') });
    } catch (error) {
      setAvatarError(messageOf(error));
    } finally {
      setUploading(false);
    }
  };
  const trimmed = nickname.trim();
  const nicknameProblem = trimmed.length === 0 ? t('userCenter.profile.nicknameEmpty') : [...trimmed].length > NICKNAME_MAX_LENGTH ? t('userCenter.profile.nicknameLong', { max: NICKNAME_MAX_LENGTH }) : null;
  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (nicknameProblem) return setNicknameError(nicknameProblem);
    setSaving(true);
    setNicknameError(null);
    try {
      const updated = await userCenterCalls.setNickname(trimmed);
      updateUser(updated);
      setNickname(updated.nickname);
      toast.show({ message: t('userCenter.profile.nicknameSaved') });
    } catch (error) {
      setNicknameError(messageOf(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className={styles.stack}>
      <section className={styles.card}>
        <h3 className={styles.cardTitle}>{t('userCenter.profile.avatar')}</h3>
        <div className={styles.avatarRow}>
          <Avatar user={user} size="large" />
          <div className={styles.stackTight}>
            <FilePicker accept="image/jpeg,image/png,image/webp" file={file} onChoose={choose} testId="uc-avatar-file" />
            <p className={styles.hint}>{t('userCenter.profile.avatarHint', { maxMb })}</p>
            {avatarError && (
              <p className={styles.error} role="alert" data-testid="uc-avatar-error">
                {avatarError}
              </p>
            )}
            <div>
              <Button onClick={upload} disabled={!file || uploading || avatarError !== null} data-testid="uc-avatar-upload">
                {uploading ? t('userCenter.profile.uploading') : t('userCenter.profile.upload')}
              </Button>
            </div>
          </div>
        </div>
      </section>
      <form className={styles.card} onSubmit={save} noValidate>
        <h3 className={styles.cardTitle}>
          <label htmlFor="uc-nickname">{t('userCenter.profile.nickname')}</label>
        </h3>
        <div className={styles.fieldRow}>
          <input
            id="uc-nickname"
            className={styles.input}
            value={nickname}
            maxLength={NICKNAME_MAX_LENGTH * 2}
            onChange={(event) => {
              setNickname(event.target.value);
              setNicknameError(null);
            }}
            aria-invalid={nicknameError !== null}
            data-testid="uc-nickname"
          />
          <Button type="submit" disabled={saving || trimmed === user.nickname} data-testid="uc-nickname-save">
            {saving ? t('userCenter.profile.saving') : t('userCenter.profile.save')}
          </Button>
        </div>
        <p className={styles.hint}>{t('userCenter.profile.nicknameHint', { max: NICKNAME_MAX_LENGTH })}</p>
        {nicknameError && (
          <p className={styles.error} role="alert" data-testid="uc-nickname-error">
            {nicknameError}
          </p>
        )}
      </form>
    </div>
  );
}

function AccountTab({ user }: { user: UserView }) {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const send = async (event: FormEvent) => {
    event.preventDefault();
    if (!EMAIL_PATTERN.test(email.trim())) return setError(t('userCenter.account.emailInvalid'));
    setSending(true);
    setError(null);
    setSentTo(null);
    try {
      const sent = await userCenterCalls.bindEmail(email.trim());
      setSentTo(sent.emailMasked);
    } catch (caught) {
      setError(messageOf(caught));
    } finally {
      setSending(false);
    }
  };
  return (
    <div className={styles.stack}>
      <dl className={styles.facts}>
        <div className={styles.fact}>
          <dt>{t('userCenter.account.phone')}</dt>
          <dd data-testid="uc-phone">{user.phone ? maskPhone(user.phone) : t('userCenter.account.notBound')}</dd>
        </div>
        <div className={styles.fact}>
          <dt>{t('userCenter.account.email')}</dt>
          <dd data-testid="uc-email">{user.email ? maskEmail(user.email) : t('userCenter.account.notBound')}</dd>
        </div>
      </dl>
      <form className={styles.card} onSubmit={send} noValidate>
        <h3 className={styles.cardTitle}>
          <label htmlFor="uc-email-input">{user.email ? t('userCenter.account.changeTitle') : t('userCenter.account.bindTitle')}</label>
        </h3>
        <p className={styles.hint}>{t('userCenter.account.bindHint', { hours: EMAIL_CONFIRM_VALID_HOURS })}</p>
        <div className={styles.fieldRow}>
          <input
            id="uc-email-input"
            type="email"
            className={styles.input}
            value={email}
            maxLength={254}
            placeholder={t('userCenter.account.emailPlaceholder')}
            onChange={(event) => {
              setEmail(event.target.value);
              setError(null);
            }}
            aria-invalid={error !== null}
            data-testid="uc-email-input"
          />
          <Button type="submit" disabled={sending || email.trim() === ''} data-testid="uc-email-send">
            {sending ? t('userCenter.account.sending') : t('userCenter.account.send')}
          </Button>
        </div>
        {error && (
          <p className={styles.error} role="alert" data-testid="uc-email-error">
            {error}
          </p>
        )}
        {sentTo && (
          <p className={styles.ok} role="status" data-testid="uc-email-sent">
            {t('userCenter.account.sent', { email: sentTo, hours: EMAIL_CONFIRM_VALID_HOURS })}
          </p>
        )}
      </form>
    </div>
  );
}

function SecurityTab() {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const [asking, setAsking] = useState(false);
  const [working, setWorking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const signOutEverywhere = async () => {
    setWorking(true);
    setError(null);
    try {
      await userCenterCalls.signOutEverywhere();
      setAsking(false);
      tokenStorage.clear();
      toast.show({ message: t('userCenter.security.done') });
      navigate('/', { replace: true });
    } catch (caught) {
      setError(messageOf(caught));
      setWorking(false);
    }
  };
  return (
    <section className={styles.card}>
      <h3 className={styles.cardTitle}>{t('userCenter.security.title')}</h3>
      <p className={styles.muted}>{t('userCenter.security.body')}</p>
      <div>
        <Button variant="secondary" onClick={() => setAsking(true)} data-testid="uc-sign-out-all">
          {t('userCenter.security.action')}
        </Button>
      </div>
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      <Dialog open={asking} title={t('userCenter.security.confirmTitle')} onClose={() => setAsking(false)} closeLabel={t('userCenter.security.cancel')} testId="uc-sign-out-dialog">
        <p className={styles.muted}>{t('userCenter.security.confirmBody')}</p>
        <div className={styles.dialogActions}>
          <Button variant="ghost" onClick={() => setAsking(false)}>
            {t('userCenter.security.cancel')}
          </Button>
          <Button onClick={signOutEverywhere} disabled={working} data-testid="uc-sign-out-all-confirm">
            {working ? t('userCenter.security.working') : t('userCenter.security.confirm')}
          </Button>
        </div>
      </Dialog>
    </section>
  );
}

function VipTab() {
  const { t } = useTranslation();
  const vip = useVipRule();
  const info = useRemote((signal) => orderCalls.vipInfo({ signal }), []);
  if (info.error) return <p className={styles.error}>{t('orders.loadFailed', { message: messageOf(info.error) })}</p>;
  if (!info.data) return <p className={styles.muted}>{t('orders.loading')}</p>;
  return (
    <section className={styles.card} data-testid="uc-vip">
      {info.data.active ? (
        <p className={styles.vipActive}>{t('userCenter.vip.active', { date: chinaTime(info.data.validUntil) })}</p>
      ) : (
        <p className={styles.vipState}>{t('userCenter.vip.inactive')}</p>
      )}
      <p className={styles.muted} data-testid="uc-vip-rule">{vip.rule}</p>
      <div>
        <Link to="/Vip" className={buttonClass('primary')} data-testid="uc-vip-link">
          {info.data.active ? t('userCenter.vip.renew') : t('userCenter.vip.buy')}
        </Link>
      </div>
    </section>
  );
}

function PointsTab() {
  const { t, i18n } = useTranslation();
  const points = useRemote((signal) => contestCalls.myPoints({ signal }), [i18n.language]);
  if (points.error) return <p className={styles.error}>{t('orders.loadFailed', { message: messageOf(points.error) })}</p>;
  if (!points.data) return <p className={styles.muted}>{t('orders.loading')}</p>;
  return (
    <section className={styles.card} data-testid="uc-points">
      <p className={styles.vipState} data-testid="uc-points-total">
        {t('userCenter.points.total', { points: points.data.total.toLocaleString('en-US') })}
      </p>
      {points.data.contests.length === 0 ? (
        <p className={styles.muted}>{t('userCenter.points.none')}</p>
      ) : (
        <ul className={styles.muted}>
          {points.data.contests.map((row) => (
            <li key={row.contestId}>
              {t('userCenter.points.row', { contest: row.title, points: row.points.toLocaleString('en-US'), date: chinaTime(row.awardedAt) })}
            </li>
          ))}
        </ul>
      )}
      <p className={styles.muted}>{t('userCenter.points.how')}</p>
      <div>
        <Link to="/ActivityList" className={buttonClass('secondary')}>
          {t('userCenter.points.contests')}
        </Link>
      </div>
    </section>
  );
}

function InvoicesTab() {
  const { t } = useTranslation();
  return (
    <Notice title={t('userCenter.invoices.title')} body={t('userCenter.invoices.body')} testId="uc-invoices">
      <Link to="/OrderList" className={buttonClass('primary')}>
        {t('userCenter.invoices.open')}
      </Link>
    </Notice>
  );
}
