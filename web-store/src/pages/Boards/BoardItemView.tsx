import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { BOARD_LIMITS, type BoardComment, type BoardItem } from '@mkt/contracts/web';
import { detailPath, formatDuration, formatUtc8Date } from '../../catalogue/materialFormat';
import { Button } from '../../ui/Button';
import { useToast } from '../../ui/toast/ToastProvider';
import { messageOf } from './boardMessages';
import styles from './Boards.module.css';

export interface ItemActions {
  up?: () => void;
  down?: () => void;
  remove?: () => void;
  cover?: () => void;
  saveNote?: (note: string) => Promise<void>;
  /** Dragged onto another item of the page: moved to that item's place. */
  dropOnto?: (draggedItemId: number) => void;
}

/** What a dragged board item carries (its item id), kept apart from links and text dragged in from elsewhere. */
const DRAGGED_ITEM = 'application/x-board-item';

/** One item of a board: its material (greyed once off sale), its note, votes and what `children` adds (comments). */
export function BoardItemView({
  item,
  actions = {},
  isCover = false,
  selection,
  children,
  extra,
}: {
  item: BoardItem;
  actions?: ItemActions;
  isCover?: boolean;
  selection?: { checked: boolean; toggle(): void };
  children?: ReactNode;
  extra?: ReactNode;
}) {
  const { t } = useTranslation();
  const [dropTarget, setDropTarget] = useState(false);
  const card = item.card;
  const { dropOnto } = actions;
  const classes = [styles.item, card ? '' : styles.itemOff, dropTarget ? styles.dropTarget : ''].filter(Boolean).join(' ');
  return (
    <li
      className={classes}
      data-testid="board-item"
      data-material-id={item.materialId}
      // Editors drag items into order; the arrows do the same by keyboard and touch.
      draggable={dropOnto ? true : undefined}
      onDragStart={
        dropOnto
          ? (event) => {
              event.dataTransfer.setData(DRAGGED_ITEM, String(item.id));
              event.dataTransfer.effectAllowed = 'move';
            }
          : undefined
      }
      onDragOver={
        dropOnto
          ? (event) => {
              if (!event.dataTransfer.types.includes(DRAGGED_ITEM)) return;
              event.preventDefault();
              event.dataTransfer.dropEffect = 'move';
              setDropTarget(true);
            }
          : undefined
      }
      onDragLeave={dropOnto ? () => setDropTarget(false) : undefined}
      onDrop={
        dropOnto
          ? (event) => {
              setDropTarget(false);
              const dragged = Number(event.dataTransfer.getData(DRAGGED_ITEM));
              if (!Number.isInteger(dragged) || dragged <= 0 || dragged === item.id) return;
              event.preventDefault();
              dropOnto(dragged);
            }
          : undefined
      }
    >
      <div className={styles.thumb}>
        {selection ? (
          <label className={styles.select}>
            <input type="checkbox" checked={selection.checked} onChange={selection.toggle} aria-label={t('boards.select')} data-testid="board-item-select" />
          </label>
        ) : null}
        {card ? (
          <Link to={card.kind === 'music' || card.kind === 'sfx' ? `/DetailMusic?id=${card.id}&mdp=6` : detailPath(card)} aria-label={card.title}>
            {card.thumbnail ? <img src={card.thumbnail} alt="" loading="lazy" /> : null}
            {card.kind === 'video' && card.duration ? <span className={styles.duration}>{formatDuration(card.duration)}</span> : null}
          </Link>
        ) : null}
      </div>
      <div className={styles.itemBody}>
        <p className={styles.itemTitle} data-testid="board-item-title">
          {card ? card.title : t('boards.offSale')}
          {isCover ? <span className={styles.badge}>{t('boards.cover')}</span> : null}
        </p>
        {card ? <p className={styles.muted}>{card.code}</p> : null}
        {actions.saveNote ? <NoteEditor note={item.note} save={actions.saveNote} /> : item.note ? <p className={styles.note}>{item.note}</p> : null}
        <p className={styles.itemMeta} data-testid="board-item-votes">
          {t('boards.votes', { up: item.votes.up, down: item.votes.down })} · {item.addedBy ? `${t('boards.addedBy', { name: item.addedBy })} · ` : ''}
          {formatUtc8Date(item.addedAt)}
        </p>
        {extra}
        {children}
      </div>
      {(actions.up || actions.down || actions.remove || actions.cover) && (
        <div className={styles.itemActions}>
          <Button variant="ghost" onClick={actions.up} disabled={!actions.up} aria-label={t('boards.moveUp')} data-testid="board-item-up">
            ↑
          </Button>
          <Button variant="ghost" onClick={actions.down} disabled={!actions.down} aria-label={t('boards.moveDown')} data-testid="board-item-down">
            ↓
          </Button>
          {actions.cover && !isCover ? (
            <Button variant="ghost" onClick={actions.cover} data-testid="board-item-cover">
              {t('boards.cover')}
            </Button>
          ) : null}
          <Button variant="ghost" onClick={actions.remove} data-testid="board-item-remove">
            {t('boards.removeItem')}
          </Button>
        </div>
      )}
    </li>
  );
}

function NoteEditor({ note, save }: { note: string; save(note: string): Promise<void> }) {
  const { t } = useTranslation();
  const [value, setValue] = useState(note);
  return (
    <label className={styles.noteField}>
      <span className={styles.visuallyHidden}>{t('boards.note')}</span>
      <textarea
        className={styles.textarea}
        value={value}
        rows={2}
        maxLength={BOARD_LIMITS.noteMax}
        placeholder={t('boards.notePlaceholder')}
        onChange={(event) => setValue(event.target.value)}
        // Saved when the field is left, only if it changed.
        onBlur={() => {
          if (value !== note) void save(value);
        }}
        data-testid="board-item-note"
      />
    </label>
  );
}

/** An item's comments, read when opened, and a field to add one. */
export function CommentThread({ count, load, post, needsName }: { count: number; load(): Promise<BoardComment[]>; post(body: string): Promise<void>; needsName?: () => boolean }) {
  const { t } = useTranslation();
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const [comments, setComments] = useState<BoardComment[] | null>(null);
  const [body, setBody] = useState('');
  const [busy, setBusy] = useState(false);

  const refresh = async () => {
    try {
      setComments(await load());
    } catch (error) {
      toast.show({ message: messageOf(error, t('boards.failed')) });
    }
  };
  const send = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || body.trim() === '') return;
    if (needsName && !needsName()) {
      toast.show({ message: t('boards.guestNameRequired') });
      return;
    }
    setBusy(true);
    try {
      await post(body.trim());
      setBody('');
      await refresh();
    } catch (error) {
      toast.show({ message: messageOf(error, t('boards.actionFailed')) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={styles.comments}>
      <button
        type="button"
        className={styles.commentsToggle}
        aria-expanded={open}
        onClick={() => {
          setOpen(!open);
          if (!open) void refresh();
        }}
        data-testid="board-item-comments"
      >
        {t('boards.comments', { count: comments?.length ?? count })}
      </button>
      {open && (
        <div className={styles.thread}>
          {comments === null ? null : comments.length === 0 ? (
            <p className={styles.muted}>{t('boards.commentsEmpty')}</p>
          ) : (
            <ul className={styles.commentList} data-testid="board-comment-list">
              {comments.map((comment) => (
                <li key={comment.id} className={styles.comment}>
                  <span className={styles.commentAuthor}>{comment.author || (comment.byOwner ? t('boards.owner') : '')}</span>
                  {comment.byOwner && comment.author ? <span className={styles.badge}>{t('boards.owner')}</span> : null}
                  <span className={styles.muted}> · {formatUtc8Date(comment.createdAt)}</span>
                  <p>{comment.body}</p>
                </li>
              ))}
            </ul>
          )}
          <form className={styles.commentForm} onSubmit={(event) => void send(event)}>
            <input
              className={styles.input}
              value={body}
              maxLength={BOARD_LIMITS.commentMax}
              placeholder={t('boards.commentPlaceholder')}
              aria-label={t('boards.commentPlaceholder')}
              onChange={(event) => setBody(event.target.value)}
              data-testid="board-comment-input"
            />
            <Button type="submit" disabled={busy || body.trim() === ''} data-testid="board-comment-send">
              {t('boards.commentSend')}
            </Button>
          </form>
        </div>
      )}
    </div>
  );
}
