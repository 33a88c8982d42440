import type { ContestStage } from '@mkt/contracts';
import { Chip, type ChipProps } from '@mui/material';
import { useTranslate } from 'react-admin';

/** What needs staff now stands out: entries coming in, judges scoring, results to publish. */
const STAGE_COLORS: Record<ContestStage, ChipProps['color']> = {
  upcoming: 'default',
  submission: 'success',
  review: 'warning',
  announcement: 'info',
  publicity: 'info',
  ceremony: 'info',
  exhibition: 'info',
  ended: 'default',
};

export function StageChip({ stage }: { stage: ContestStage; label?: string }) {
  const translate = useTranslate();
  return <Chip size="small" color={STAGE_COLORS[stage]} label={translate(`resources.contests.stages.${stage}`)} data-testid="admin-contest-stage" data-stage={stage} />;
}
