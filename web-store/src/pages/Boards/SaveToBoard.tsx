import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { BOARD_LIMITS, type BoardSummary } from '@mkt/contracts/web';
import { boardCalls } from '../../api/boardCalls';
import { useLoginGate } from '../../session/useLoginGate';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { BoardIcon } from '../../ui/icons';
import { useToast } from '../../ui/toast/ToastProvider';
import { messageOf } from './boardMessages';
import styles from './SaveToBoard.module.css';

/**
 * "Save to board": the user's boards (their own and those they edit) to put the materials on, or a
 * new board with them. Beside the favourite on a material's page and in the music player, and for
 * several at once (a search page's selection, the cart).
 */
export function SaveToBoard({ materialIds, className, label, iconOnly = false }: { materialIds: readonly number[]; className?: string; label?: string; iconOnly?: boolean }) {
  const { t } = useTranslation();
  const toast = useToast();
  const gate = useLoginGate();
  const [open, setOpen] = useState(false);
  const [boards, setBoards] = useState<BoardSummary[] | null>(null);
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);

  const show = async () => {
    if (!gate.requireToken()) return;
    setOpen(true);
    try {
      // Boards the user may put items on: their own and those they edit.
      setBoards((await boardCalls.list()).filter((board) => board.role !== 'viewer'));
    } catch (error) {
      toast.show({ message: messageOf(error, t('boards.failed')) });
      setOpen(false);
    }
  };
  const saveTo = async (board: BoardSummary) => {
    setBusy(true);
    try {
      const { added } = await boardCalls.addItems(board.id, [...materialIds]);
      toast.show({ message: t(added > 0 ? 'boards.saved' : 'boards.alreadyThere', { name: board.name }) });
      setOpen(false);
    } catch (error) {
      toast.show({ message: messageOf(error, t('boards.actionFailed')) });
    } finally {
      setBusy(false);
    }
  };
  const createWith = async (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === '') return;
    setBusy(true);
    try {
      await boardCalls.create(name.trim(), [...materialIds]);
      toast.show({ message: t('boards.saved', { name: name.trim() }) });
      setName('');
      setOpen(false);
    } catch (error) {
      toast.show({ message: messageOf(error, t('boards.actionFailed')) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <button
        type="button"
        className={className}
        onClick={() => void show()}
        disabled={materialIds.length === 0}
        aria-label={iconOnly ? (label ?? t('boards.saveToBoard')) : undefined}
        title={iconOnly ? (label ?? t('boards.saveToBoard')) : undefined}
        data-testid="save-to-board"
      >
        <BoardIcon size={18} />
        {iconOnly ? null : <span>{label ?? t('boards.saveToBoard')}</span>}
      </button>
      <Dialog open={open} title={t('boards.saveTitle')} onClose={() => setOpen(false)} closeLabel={t('boards.cancel')} testId="save-to-board-dialog">
        {boards === null ? (
          <p>{t('catalogue.loading')}</p>
        ) : (
          <ul className={styles.list}>
            {boards.map((board) => (
              <li key={board.id}>
                <button type="button" className={styles.board} disabled={busy} onClick={() => void saveTo(board)} data-testid="save-to-board-choice">
                  <span className={styles.cover}>{board.cover ? <img src={board.cover} alt="" /> : null}</span>
                  <span className={styles.name}>{board.name}</span>
                  <span className={styles.count}>{t('boards.items', { count: board.itemCount })}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
        <form className={styles.create} onSubmit={(event) => void createWith(event)}>
          <input
            className={styles.input}
            value={name}
            maxLength={BOARD_LIMITS.nameMax}
            placeholder={t('boards.newName')}
            aria-label={t('boards.newName')}
            onChange={(event) => setName(event.target.value)}
            data-testid="save-to-board-new-name"
          />
          <Button type="submit" disabled={busy || name.trim() === ''} data-testid="save-to-board-create">
            {t('boards.newBoardFromHere')}
          </Button>
        </form>
        <Link to="/Boards" className={styles.all} onClick={() => setOpen(false)}>
          {t('boards.back')} →
        </Link>
      </Dialog>
    </>
  );
}
