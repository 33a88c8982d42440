import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { BOARD_LIMITS, ErrorCode, type SharedBoard } from '@mkt/contracts/web';
import { type GuestPass, sharedBoardCalls } from '../../api/boardCalls';
import { ApiError } from '../../api/client';
import { Pager } from '../../catalogue/Pager';
import { pageCount, pageParam } from '../../catalogue/paging';
import { Button } from '../../ui/Button';
import { useToast } from '../../ui/toast/ToastProvider';
import { BoardItemView, CommentThread } from './BoardItemView';
import { messageOf } from './boardMessages';
import { VoteButtons } from './VoteButtons';
import styles from './Boards.module.css';

const PAGE_SIZE = 48;
const VOTER_KEY = 'board-voter-key';
const GUEST_NAME = 'board-guest-name';

/** The guest's own random id (kept in this browser), so each guest has one vote an item. */
function voterKey(): string {
  let key = localStorage.getItem(VOTER_KEY);
  if (!key) {
    key = crypto.randomUUID();
    localStorage.setItem(VOTER_KEY, key);
  }
  return key;
}

type State = { kind: 'loading' } | { kind: 'password'; wrong: string | null } | { kind: 'failed'; message: string; gone: boolean } | { kind: 'open'; board: SharedBoard };

/** /SharedBoard?token=: a board someone shared by link, opened without an account. */
export default function SharedBoardPage() {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const [params, setParams] = useSearchParams();
  const token = params.get('token') ?? '';
  const page = pageParam(params.get('page'));
  const [password, setPassword] = useState<string | undefined>(undefined);
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [generation, setGeneration] = useState(0);
  const [guestName, setGuestName] = useState(() => localStorage.getItem(GUEST_NAME) ?? '');
  // Once a password opened the board, the pass it earned stands in for it (no password check per click).
  const [earned, setEarned] = useState<string | null>(null);
  const pass: GuestPass = earned ? { token, pass: earned } : password === undefined ? { token } : { token, password };

  useEffect(() => {
    const controller = new AbortController();
    sharedBoardCalls
      .open(pass, page, PAGE_SIZE, voterKey(), { signal: controller.signal })
      .then((board) => {
        if (board.pass) setEarned(board.pass);
        setState({ kind: 'open', board });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        const code = error instanceof ApiError ? error.code : null;
        if (code === ErrorCode.BOARD_PASSWORD_REQUIRED) {
          setEarned(null);
          setState({ kind: 'password', wrong: null });
        }
        else if (code === ErrorCode.BOARD_PASSWORD_WRONG || code === ErrorCode.BOARD_LINK_LOCKED) setState({ kind: 'password', wrong: messageOf(error, t('boards.failed')) });
        else setState({ kind: 'failed', message: messageOf(error, t('boards.failed')), gone: code === ErrorCode.BOARD_LINK_GONE || code === ErrorCode.VALIDATION_FAILED });
      });
    return () => controller.abort();
    // `pass` follows token and password.
  }, [token, password, page, i18n.language, generation]);

  const reload = () => setGeneration((value) => value + 1);
  const act = async (work: () => Promise<unknown>) => {
    try {
      await work();
      reload();
    } catch (error) {
      toast.show({ message: messageOf(error, t('boards.actionFailed')) });
    }
  };
  const sample = async (itemId: number) => {
    // Opened while the click still counts as a user gesture, then pointed at the signed link.
    const tab = window.open('', '_blank');
    try {
      const { url } = await sharedBoardCalls.sample(pass, itemId);
      if (tab) {
        tab.opener = null;
        tab.location.href = url;
      } else window.location.assign(url);
    } catch (error) {
      tab?.close();
      toast.show({ message: messageOf(error, t('boards.actionFailed')) });
    }
  };

  if (state.kind === 'loading') return <p className={styles.page}>{t('catalogue.loading')}</p>;
  if (state.kind === 'password') return <PasswordGate wrong={state.wrong} onPassword={setPassword} />;
  if (state.kind === 'failed') {
    return (
      <div className={styles.page}>
        <div className={styles.failed} data-testid="shared-board-failed">
          <p>{state.gone ? t('boards.gone') : state.message}</p>
          {!state.gone && (
            <Button variant="secondary" onClick={reload}>
              {t('boards.retry')}
            </Button>
          )}
        </div>
      </div>
    );
  }
  const board = state.board;
  return (
    <div className={styles.page}>
      <header className={styles.boardHead}>
        <p className={styles.eyebrow}>{t('boards.shared')}</p>
        <h1 className={styles.title} data-testid="shared-board-name">
          {board.name}
        </h1>
        <p className={styles.muted}>{board.ownerName ? t('boards.sharedBy', { name: board.ownerName }) : t('boards.sharedLead')}</p>
        <label className={styles.field}>
          <span>{t('boards.guestName')}</span>
          <input
            className={styles.input}
            value={guestName}
            maxLength={BOARD_LIMITS.guestNameMax}
            placeholder={t('boards.guestNamePlaceholder')}
            onChange={(event) => {
              setGuestName(event.target.value);
              localStorage.setItem(GUEST_NAME, event.target.value);
            }}
            data-testid="shared-board-guest-name"
          />
        </label>
      </header>
      <ol className={styles.items} data-testid="board-items">
        {board.items.map((item) => (
          <BoardItemView
            key={item.id}
            item={item}
            extra={
              <div className={styles.guestActions}>
                <VoteButtons myVote={item.myVote} onVote={(value) => void act(() => sharedBoardCalls.vote(pass, item.id, voterKey(), value, guestName.trim()))} testIdPrefix="shared-board" />
                {item.card ? (
                  <Button variant="ghost" onClick={() => void sample(item.id)} data-testid="shared-board-sample">
                    {t('boards.sample')}
                  </Button>
                ) : null}
              </div>
            }
          >
            <CommentThread
              count={item.comments}
              load={() => sharedBoardCalls.comments(pass, item.id)}
              post={async (body) => {
                await sharedBoardCalls.comment(pass, item.id, guestName.trim(), body);
                reload();
              }}
              needsName={() => guestName.trim() !== ''}
            />
          </BoardItemView>
        ))}
      </ol>
      <Pager page={page} pages={pageCount(board.itemCount, PAGE_SIZE)} onPage={(next) => setParams({ token, page: String(next) })} />
    </div>
  );
}

function PasswordGate({ wrong, onPassword }: { wrong: string | null; onPassword(password: string): void }) {
  const { t } = useTranslation();
  const [value, setValue] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (value !== '') onPassword(value);
  };
  return (
    <div className={styles.page}>
      <form className={styles.passwordGate} onSubmit={submit} data-testid="shared-board-password">
        <h1 className={styles.title}>{t('boards.passwordTitle')}</h1>
        <input
          className={styles.input}
          type="password"
          autoComplete="current-password"
          value={value}
          maxLength={BOARD_LIMITS.passwordMax}
          placeholder={t('boards.passwordEnter')}
          aria-label={t('boards.passwordEnter')}
          onChange={(event) => setValue(event.target.value)}
          data-testid="shared-board-password-input"
        />
        {wrong ? (
          <p className={styles.error} role="alert">
            {wrong}
          </p>
        ) : null}
        <Button type="submit" disabled={value === ''} data-testid="shared-board-password-open">
          {t('boards.passwordOpen')}
        </Button>
      </form>
    </div>
  );
}
