import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { BOARD_LIMITS, type BoardDetail, type BoardItem, type BoardLink } from '@mkt/contracts/web';
import { loginUrlReturningTo } from '../../api/authLoss';
import { boardCalls } from '../../api/boardCalls';
import { orderCalls } from '../../api/orderCalls';
import { Notice } from '../../catalogue/Notice';
import { Pager } from '../../catalogue/Pager';
import { formatUtc8Date } from '../../catalogue/materialFormat';
import { pageCount, pageParam } from '../../catalogue/paging';
import { useRemote } from '../../catalogue/useRemote';
import { putorderFor } from '../../orders/selectedCartIds';
import { announceCartChanged } from '../../orders/useAddToCart';
import { useSession } from '../../session/SessionProvider';
import { hasProject } from '../../session/userRoles';
import { Button, buttonClass } from '../../ui/Button';
import { CopyButton } from '../../ui/CopyButton';
import { Dialog } from '../../ui/Dialog';
import { useToast } from '../../ui/toast/ToastProvider';
import { BoardItemView, CommentThread } from './BoardItemView';
import { VoteButtons } from './VoteButtons';
import { messageOf } from './boardMessages';
import { MembersPanel } from './MembersPanel';
import { RequestPurchase } from './RequestPurchase';
import styles from './Boards.module.css';

const BOARD_PAGE_SIZE = 48;
const EXPIRY_CHOICES = [0, 1, 7, 30, 90] as const;

/** /Board?id=: one of the signed-in user's boards: its items in order, notes, comments and guest links. */
export default function BoardPage() {
  const { t } = useTranslation();
  const { status } = useSession();
  const location = useLocation();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  if (status === 'checking') return <p className={styles.page}>{t('catalogue.loading')}</p>;
  if (status === 'signedOut') {
    return (
      <div className={styles.page}>
        <Notice title={t('boards.signIn')} body={t('boards.signInLead')} testId="boards-sign-in">
          <Link className={buttonClass('primary')} to={loginUrlReturningTo(location.pathname + location.search)}>
            {t('collect.signIn')}
          </Link>
        </Notice>
      </div>
    );
  }
  return <Board id={Number.isSafeInteger(id) && id > 0 ? id : 0} page={pageParam(params.get('page'))} />;
}

function Board({ id, page }: { id: number; page: number }) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const [, setParams] = useSearchParams();
  const board = useRemote((signal) => boardCalls.detail(id, page, BOARD_PAGE_SIZE, { signal }), [id, page, i18n.language]);
  const [confirming, setConfirming] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const toggle = (itemId: number) =>
    setSelected((current) => {
      const next = new Set(current);
      if (!next.delete(itemId)) next.add(itemId);
      return next;
    });

  const act = async (work: () => Promise<unknown>, done?: string) => {
    try {
      await work();
      if (done) toast.show({ message: done });
      board.reload();
    } catch (error) {
      toast.show({ message: messageOf(error, t('boards.actionFailed')) });
    }
  };

  if (board.error) {
    return (
      <div className={styles.page}>
        <Link to="/Boards" className={styles.back}>
          ← {t('boards.back')}
        </Link>
        <div className={styles.failed} data-testid="board-failed">
          <p>{messageOf(board.error, t('boards.failed'))}</p>
          <Button variant="secondary" onClick={board.reload}>
            {t('boards.retry')}
          </Button>
        </div>
      </div>
    );
  }
  if (!board.data) return <p className={styles.page}>{t('catalogue.loading')}</p>;
  const data = board.data;
  const firstIndex = (page - 1) * BOARD_PAGE_SIZE;
  const owner = data.role === 'owner';
  const editor = data.role !== 'viewer';

  return (
    <div className={styles.page}>
      <Link to="/Boards" className={styles.back}>
        ← {t('boards.back')}
      </Link>
      <header className={styles.boardHead}>
        <BoardName board={data} canRename={owner} onRenamed={board.reload} />
        <p className={styles.muted} data-testid="board-count">
          {t('boards.items', { count: data.itemCount })} · {t('boards.updated', { date: formatUtc8Date(data.updatedAt) })}
        </p>
        {owner ? (
          <Button variant="ghost" onClick={() => setConfirming(true)} data-testid="board-delete">
            {t('boards.remove')}
          </Button>
        ) : null}
      </header>
      <Dialog open={confirming} title={t('boards.remove')} onClose={() => setConfirming(false)} testId="board-delete-dialog">
        <p>{t('boards.removeConfirm')}</p>
        <div className={styles.dialogActions}>
          <Button variant="secondary" onClick={() => setConfirming(false)}>
            {t('boards.cancel')}
          </Button>
          <Button
            onClick={() =>
              void boardCalls
                .remove(id)
                .then(() => {
                  toast.show({ message: t('boards.removed') });
                  navigate('/Boards');
                })
                .catch((error: unknown) => toast.show({ message: messageOf(error, t('boards.actionFailed')) }))
            }
            data-testid="board-delete-confirm"
          >
            {t('boards.remove')}
          </Button>
        </div>
      </Dialog>

      <div className={styles.boardLayout}>
        <section>
          {data.items.length === 0 ? (
            <p className={styles.muted} data-testid="board-empty">
              {t('boards.boardEmpty')}
            </p>
          ) : (
            <>
            <SelectionBar
              items={data.items.filter((item) => selected.has(item.id))}
              onAll={() => setSelected(new Set(selected.size === data.items.length ? [] : data.items.map((item) => item.id)))}
              allSelected={selected.size === data.items.length}
              canRemove={editor}
              board={{ id: data.id, name: data.name }}
              onRemove={(itemIds) =>
                void act(() => boardCalls.removeItems(id, itemIds), t('boards.itemRemoved')).then(() => setSelected(new Set()))
              }
            />
            <ol className={`${styles.items} ${board.loading ? styles.stale : ''}`} start={firstIndex + 1} data-testid="board-items">
              {data.items.map((item, i) => (
                <BoardItemView
                  key={item.id}
                  item={item}
                  isCover={data.coverMaterialId === item.materialId}
                  selection={{ checked: selected.has(item.id), toggle: () => toggle(item.id) }}
                  actions={
                    editor
                      ? {
                          up: firstIndex + i > 0 ? () => void act(() => boardCalls.move(id, item.id, firstIndex + i - 1)) : undefined,
                          down: firstIndex + i < data.itemCount - 1 ? () => void act(() => boardCalls.move(id, item.id, firstIndex + i + 1)) : undefined,
                          remove: () => void act(() => boardCalls.removeItems(id, [item.id]), t('boards.itemRemoved')),
                          cover: item.card ? () => void act(() => boardCalls.setCover(id, item.materialId), t('boards.coverSet')) : undefined,
                          saveNote: (note) => act(() => boardCalls.note(id, item.id, note), t('boards.noteSaved')),
                          dropOnto: (dragged) => void act(() => boardCalls.move(id, dragged, firstIndex + i)),
                        }
                      : {}
                  }
                  extra={
                    <div className={styles.guestActions}>
                      <VoteButtons myVote={item.myVote} onVote={(value) => void act(() => boardCalls.vote(id, item.id, value))} testIdPrefix="board-vote" />
                    </div>
                  }
                >
                  <OwnerComments boardId={id} item={item} onPosted={board.reload} />
                </BoardItemView>
              ))}
            </ol>
            </>
          )}
          <Pager page={page} pages={pageCount(data.itemCount, BOARD_PAGE_SIZE)} onPage={(next) => setParams({ id: String(id), page: String(next) })} />
        </section>
        <div className={styles.side}>
          {owner ? <SharePanel boardId={id} /> : null}
          <MembersPanel boardId={id} role={data.role} />
        </div>
      </div>
    </div>
  );
}

/**
 * What can be done with the selected items at once: to the cart, or straight to a quote request
 * for them alone (videos and photos; music is licensed from its own page), or off the board.
 */
function SelectionBar({
  items,
  allSelected,
  canRemove,
  board,
  onAll,
  onRemove,
}: {
  items: BoardItem[];
  allSelected: boolean;
  canRemove: boolean;
  board: { id: number; name: string };
  onAll(): void;
  onRemove(itemIds: number[]): void;
}) {
  const { t } = useTranslation();
  const { user } = useSession();
  const toast = useToast();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const buyable = items.filter((item) => item.card && (item.card.kind === 'video' || item.card.kind === 'photo'));

  /** The buyable ones into the cart; answers their cart lines. */
  const toCart = async (): Promise<number[]> => {
    const cartIds: number[] = [];
    for (const item of buyable) cartIds.push((await orderCalls.cartAdd(item.materialId)).cartId);
    announceCartChanged();
    if (buyable.length < items.length) toast.show({ message: t('boards.notBuyable', { count: items.length - buyable.length }) });
    return cartIds;
  };
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } catch (error) {
      toast.show({ message: messageOf(error, t('boards.actionFailed')) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={styles.selectionBar} data-testid="board-selection">
      <label className={styles.selectAll}>
        <input type="checkbox" checked={allSelected} onChange={onAll} data-testid="board-select-all" />
        <span>{items.length > 0 ? t('boards.selected', { count: items.length }) : t('boards.selectAll')}</span>
      </label>
      <Button
        variant="secondary"
        disabled={busy || buyable.length === 0}
        onClick={() =>
          void run(async () => {
            await toCart();
            toast.show({ message: t('boards.addedToCart', { count: buyable.length }) });
          })
        }
        data-testid="board-selection-cart"
      >
        {t('boards.toCart')}
      </Button>
      <Button disabled={busy || buyable.length === 0} onClick={() => void run(async () => navigate(putorderFor(await toCart())))} data-testid="board-selection-quote">
        {t('boards.toQuote')}
      </Button>
      {hasProject(user) ? (
        <RequestPurchase
          boardId={board.id}
          boardName={board.name}
          materialIds={buyable.map((item) => item.materialId)}
          musicIds={items.filter((item) => item.card && (item.card.kind === 'music' || item.card.kind === 'sfx')).map((item) => item.materialId)}
          onSent={() => undefined}
        />
      ) : null}
      {canRemove ? (
        <Button variant="ghost" disabled={busy || items.length === 0} onClick={() => onRemove(items.map((item) => item.id))} data-testid="board-selection-remove">
          {t('boards.removeItem')}
        </Button>
      ) : null}
    </div>
  );
}

function BoardName({ board, canRename, onRenamed }: { board: BoardDetail; canRename: boolean; onRenamed(): void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(board.name);
  const save = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await boardCalls.rename(board.id, name.trim());
      toast.show({ message: t('boards.renamed') });
      setEditing(false);
      onRenamed();
    } catch (error) {
      toast.show({ message: messageOf(error, t('boards.actionFailed')) });
    }
  };
  if (!editing) {
    return (
      <div className={styles.nameRow}>
        <h1 className={styles.title} data-testid="board-name">
          {board.name}
        </h1>
        {canRename ? (
          <Button variant="ghost" onClick={() => setEditing(true)} data-testid="board-rename">
            {t('boards.rename')}
          </Button>
        ) : null}
      </div>
    );
  }
  return (
    <form className={styles.nameRow} onSubmit={(event) => void save(event)}>
      <input className={styles.input} value={name} maxLength={BOARD_LIMITS.nameMax} onChange={(event) => setName(event.target.value)} aria-label={t('boards.rename')} data-testid="board-name-input" />
      <Button type="submit" disabled={name.trim() === ''} data-testid="board-name-save">
        {t('boards.renameSave')}
      </Button>
    </form>
  );
}

function OwnerComments({ boardId, item, onPosted }: { boardId: number; item: BoardItem; onPosted(): void }) {
  return (
    <CommentThread
      count={item.comments}
      load={() => boardCalls.comments(boardId, item.id)}
      post={async (body) => {
        await boardCalls.comment(boardId, item.id, body);
        onPosted();
      }}
    />
  );
}

/** Guest links: create one (optional password and expiry), copy it, revoke it. */
function SharePanel({ boardId }: { boardId: number }) {
  const { t } = useTranslation();
  const toast = useToast();
  const links = useRemote((signal) => boardCalls.links(boardId, { signal }), [boardId]);
  const [password, setPassword] = useState('');
  const [days, setDays] = useState<number>(0);
  const [busy, setBusy] = useState(false);

  const create = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      await boardCalls.createLink(boardId, { ...(password ? { password } : {}), ...(days > 0 ? { expiresInDays: days } : {}) });
      toast.show({ message: t('boards.linkCreated') });
      setPassword('');
      links.reload();
    } catch (error) {
      toast.show({ message: messageOf(error, t('boards.actionFailed')) });
    } finally {
      setBusy(false);
    }
  };
  const revoke = async (link: BoardLink) => {
    try {
      await boardCalls.revokeLink(boardId, link.id);
      toast.show({ message: t('boards.revoked') });
      links.reload();
    } catch (error) {
      toast.show({ message: messageOf(error, t('boards.actionFailed')) });
    }
  };

  return (
    <aside className={styles.share} data-testid="board-share">
      <h2 className={styles.sideTitle}>{t('boards.share')}</h2>
      <p className={styles.muted}>{t('boards.shareLead')}</p>
      <form className={styles.shareForm} onSubmit={(event) => void create(event)}>
        <label className={styles.field}>
          <span>{t('boards.password')}</span>
          <input
            className={styles.input}
            type="password"
            autoComplete="new-password"
            value={password}
            maxLength={BOARD_LIMITS.passwordMax}
            onChange={(event) => setPassword(event.target.value)}
            data-testid="board-link-password"
          />
        </label>
        <label className={styles.field}>
          <span>{t('boards.expiry')}</span>
          <select className={styles.input} value={days} onChange={(event) => setDays(Number(event.target.value))} data-testid="board-link-expiry">
            {EXPIRY_CHOICES.map((choice) => (
              <option key={choice} value={choice}>
                {choice === 0 ? t('boards.expiryNever') : t('boards.expiryDays', { count: choice })}
              </option>
            ))}
          </select>
        </label>
        <Button type="submit" disabled={busy || (password !== '' && password.length < BOARD_LIMITS.passwordMin)} data-testid="board-link-create">
          {t('boards.createLink')}
        </Button>
      </form>
      <h3 className={styles.sideSubtitle}>{t('boards.links')}</h3>
      {!links.data ? null : links.data.length === 0 ? (
        <p className={styles.muted}>{t('boards.linksEmpty')}</p>
      ) : (
        <ul className={styles.links} data-testid="board-links">
          {links.data.map((link) => {
            const url = `${window.location.origin}/SharedBoard?token=${link.token}`;
            return (
              <li key={link.id} className={link.state === 'live' ? styles.link : `${styles.link} ${styles.linkDead}`} data-testid="board-link">
                <span className={styles.linkState}>
                  {t(link.state === 'live' ? 'boards.linkLive' : link.state === 'revoked' ? 'boards.linkRevoked' : 'boards.linkExpired')}
                  {link.hasPassword ? ` · ${t('boards.linkPassword')}` : ''}
                  {link.expiresAt && link.state === 'live' ? ` · ${t('boards.linkExpires', { date: formatUtc8Date(link.expiresAt) })}` : ''}
                </span>
                <code className={styles.linkUrl} data-testid="board-link-url">
                  {url}
                </code>
                {link.state === 'live' && (
                  <span className={styles.linkActions}>
                    <CopyButton text={url} labels={{ copy: t('boards.copy'), copied: t('boards.copied'), failed: t('boards.copyFailed') }} />
                    <Button variant="ghost" onClick={() => void revoke(link)} data-testid="board-link-revoke">
                      {t('boards.revoke')}
                    </Button>
                  </span>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </aside>
  );
}
