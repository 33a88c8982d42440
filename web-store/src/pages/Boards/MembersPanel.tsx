import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { BOARD_ROLES, type BoardMember, type BoardRole, type BoardSummary } from '@mkt/contracts/web';
import { boardCalls } from '../../api/boardCalls';
import { useRemote } from '../../catalogue/useRemote';
import { useSession } from '../../session/SessionProvider';
import { Button } from '../../ui/Button';
import { useToast } from '../../ui/toast/ToastProvider';
import { messageOf } from './boardMessages';
import styles from './Boards.module.css';

/** Who else is on the board: the owner invites (by phone or e-mail), changes parts and removes; a member sees them and may leave. */
export function MembersPanel({ boardId, role }: { boardId: number; role: BoardSummary['role'] }) {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const { user } = useSession();
  const members = useRemote((signal) => boardCalls.members(boardId, { signal }), [boardId]);
  const [contact, setContact] = useState('');
  const [memberRole, setMemberRole] = useState<BoardRole>('viewer');
  const [busy, setBusy] = useState(false);
  const owner = role === 'owner';

  const run = async (work: () => Promise<unknown>, done: string, after?: () => void) => {
    setBusy(true);
    try {
      await work();
      toast.show({ message: done });
      if (after) after();
      else members.reload();
    } catch (error) {
      toast.show({ message: messageOf(error, t('boards.actionFailed')) });
    } finally {
      setBusy(false);
    }
  };
  const invite = (event: FormEvent) => {
    event.preventDefault();
    if (contact.trim() === '') return;
    void run(() => boardCalls.addMember(boardId, contact.trim(), memberRole), t('boards.memberAdded'), () => {
      setContact('');
      members.reload();
    });
  };
  const roleLabel = (value: BoardRole) => t(value === 'editor' ? 'boards.roleEditor' : 'boards.roleViewer');

  return (
    <section className={styles.share} data-testid="board-members">
      <h2 className={styles.sideTitle}>{t('boards.members')}</h2>
      <p className={styles.muted}>{t('boards.membersLead')}</p>
      {owner && (
        <form className={styles.shareForm} onSubmit={invite}>
          <label className={styles.field}>
            <span>{t('boards.memberContact')}</span>
            <input className={styles.input} value={contact} maxLength={254} onChange={(event) => setContact(event.target.value)} data-testid="board-member-contact" />
          </label>
          <label className={styles.field}>
            <span>{t('boards.memberRole')}</span>
            <select className={styles.input} value={memberRole} onChange={(event) => setMemberRole(event.target.value as BoardRole)} data-testid="board-member-role">
              {BOARD_ROLES.map((value) => (
                <option key={value} value={value}>
                  {roleLabel(value)}
                </option>
              ))}
            </select>
          </label>
          <Button type="submit" disabled={busy || contact.trim() === ''} data-testid="board-member-invite">
            {t('boards.invite')}
          </Button>
        </form>
      )}
      {!members.data ? null : members.data.length === 0 ? (
        <p className={styles.muted}>{t('boards.membersEmpty')}</p>
      ) : (
        <ul className={styles.links} data-testid="board-member-list">
          {members.data.map((member: BoardMember) => (
            <li key={member.userId} className={styles.link} data-testid="board-member">
              <span className={styles.linkState}>
                {member.nickname || member.contact} · {roleLabel(member.role)}
              </span>
              <span className={styles.muted}>{member.contact}</span>
              {owner ? (
                <span className={styles.linkActions}>
                  <Button variant="ghost" onClick={() => void run(() => boardCalls.removeMember(boardId, member.userId), t('boards.memberRemoved'))} data-testid="board-member-remove">
                    {t('boards.memberRemove')}
                  </Button>
                </span>
              ) : member.userId === user?.id ? (
                <span className={styles.linkActions}>
                  <Button variant="ghost" onClick={() => void run(() => boardCalls.removeMember(boardId, member.userId), t('boards.left'), () => navigate('/Boards'))} data-testid="board-leave">
                    {t('boards.leave')}
                  </Button>
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
