import { useTranslation } from 'react-i18next';
import type { BoardItem } from '@mkt/contracts/web';
import { Button } from '../../ui/Button';
import { ThumbDownIcon, ThumbUpIcon } from '../../ui/icons';

/** Like and dislike of a board item, each pressed again to take the vote back; for members and guests alike. */
export function VoteButtons({ myVote, onVote, testIdPrefix }: { myVote: BoardItem['myVote']; onVote(value: -1 | 0 | 1): void; testIdPrefix: string }) {
  const { t } = useTranslation();
  return (
    <>
      <Button variant={myVote === 1 ? 'primary' : 'secondary'} aria-pressed={myVote === 1} onClick={() => onVote(myVote === 1 ? 0 : 1)} data-testid={`${testIdPrefix}-up`}>
        <ThumbUpIcon size={16} />
        {t('boards.up')}
      </Button>
      <Button variant={myVote === -1 ? 'primary' : 'secondary'} aria-pressed={myVote === -1} onClick={() => onVote(myVote === -1 ? 0 : -1)} data-testid={`${testIdPrefix}-down`}>
        <ThumbDownIcon size={16} />
        {t('boards.down')}
      </Button>
    </>
  );
}
