import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { BOARD_LIMITS } from '@mkt/contracts/web';
import { loginUrlReturningTo } from '../../api/authLoss';
import { boardCalls } from '../../api/boardCalls';
import { Notice } from '../../catalogue/Notice';
import { formatUtc8Date } from '../../catalogue/materialFormat';
import { useRemote } from '../../catalogue/useRemote';
import { useSession } from '../../session/SessionProvider';
import { Button, buttonClass } from '../../ui/Button';
import { useToast } from '../../ui/toast/ToastProvider';
import { messageOf } from './boardMessages';
import styles from './Boards.module.css';

/** /Boards: the signed-in user's boards, newest change first, and a new one. */
export default function BoardsPage() {
  const { t } = useTranslation();
  const { status } = useSession();
  const location = useLocation();
  return (
    <div className={styles.page}>
      <header className={styles.head}>
        <div>
          <h1 className={styles.title}>{t('boards.title')}</h1>
          <p className={styles.lead}>{t('boards.lead')}</p>
        </div>
      </header>
      {status === 'checking' ? (
        <p className={styles.muted}>{t('catalogue.loading')}</p>
      ) : status === 'signedOut' ? (
        <Notice title={t('boards.signIn')} body={t('boards.signInLead')} testId="boards-sign-in">
          <Link className={buttonClass('primary')} to={loginUrlReturningTo(location.pathname + location.search)}>
            {t('collect.signIn')}
          </Link>
        </Notice>
      ) : (
        <BoardList />
      )}
    </div>
  );
}

function BoardList() {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const boards = useRemote((signal) => boardCalls.list({ signal }), [i18n.language]);
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);

  const create = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || name.trim() === '') return;
    setBusy(true);
    try {
      const { id } = await boardCalls.create(name.trim());
      toast.show({ message: t('boards.created') });
      navigate(`/Board?id=${id}`);
    } catch (error) {
      toast.show({ message: messageOf(error, t('boards.actionFailed')) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <form className={styles.createForm} onSubmit={(event) => void create(event)}>
        <input
          className={styles.input}
          value={name}
          maxLength={BOARD_LIMITS.nameMax}
          onChange={(event) => setName(event.target.value)}
          placeholder={t('boards.newName')}
          aria-label={t('boards.newName')}
          data-testid="boards-new-name"
        />
        <Button type="submit" disabled={busy || name.trim() === ''} data-testid="boards-create">
          {t('boards.create')}
        </Button>
      </form>
      {boards.error ? (
        <div className={styles.failed}>
          <p>{messageOf(boards.error, t('boards.failed'))}</p>
          <Button variant="secondary" onClick={boards.reload}>
            {t('boards.retry')}
          </Button>
        </div>
      ) : !boards.data ? (
        <p className={styles.muted}>{t('catalogue.loading')}</p>
      ) : boards.data.length === 0 ? (
        <p className={styles.muted} data-testid="boards-empty">
          {t('boards.empty')}
        </p>
      ) : (
        <ul className={styles.boardGrid} data-testid="boards-list">
          {boards.data.map((board) => (
            <li key={board.id}>
              <Link to={`/Board?id=${board.id}`} className={styles.boardTile} aria-label={t('boards.open', { name: board.name })} data-testid="boards-tile">
                <span className={styles.cover}>{board.cover ? <img src={board.cover} alt="" loading="lazy" /> : null}</span>
                <span className={styles.boardName}>{board.name}</span>
                <span className={styles.boardMeta}>
                  {t('boards.items', { count: board.itemCount })} · {t('boards.updated', { date: formatUtc8Date(board.updatedAt) })}
                </span>
                {board.role !== 'owner' ? (
                  <span className={styles.boardShared} data-testid="boards-tile-shared">
                    {t('boards.sharedWithMe', { role: t(board.role === 'editor' ? 'boards.roleEditor' : 'boards.roleViewer') })}
                  </span>
                ) : null}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
