import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useSession } from '../../session/SessionProvider';
import { useLoginGate } from '../../session/useLoginGate';
import { badgeValue } from './badgeCounts';
import styles from './GatedIconLink.module.css';

interface GatedIconLinkProps {
  to: string;
  label: string;
  icon: ReactNode;
  count: number;
  gate: 'cart' | 'collections';
  badgeTestId: string;
}

/**
 * The cart and collections icons. Visitors get the sign-in message instead of the page; signed-in
 * users see a counter capped at 99.
 */
export function GatedIconLink({ to, label, icon, count, gate, badgeTestId }: GatedIconLinkProps) {
  const { status } = useSession();
  const { requireSignIn } = useLoginGate();
  const shown = badgeValue(count);
  return (
    <Link
      to={to}
      className={styles.link}
      aria-label={label}
      title={label}
      onClick={(event) => {
        if (!requireSignIn(gate)) event.preventDefault();
      }}
    >
      {icon}
      {status === 'signedIn' && (
        <span className={shown === 0 ? `${styles.badge} ${styles.empty}` : styles.badge} data-testid={badgeTestId} data-count={count}>
          {shown}
        </span>
      )}
    </Link>
  );
}
