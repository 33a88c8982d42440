import type { RealNameReviewView } from '@mkt/contracts';
import { Typography } from '@mui/material';
import { StatusChip as SharedStatusChip } from '../../common/StatusChip';
import { Link, useCreatePath, useRecordContext, type FieldProps } from 'react-admin';
import { STATUS_COLORS } from './realName';

export const StatusChip = (_props: Partial<FieldProps<RealNameReviewView>>) => (
  <SharedStatusChip resource="real-name-reviews" colors={STATUS_COLORS} testId="admin-real-name-status" />
);

/** The masked number as identity sends it (first and last characters); the full number never reaches the console. */
export const MaskedIdField = (_props: Partial<FieldProps<RealNameReviewView>>) => {
  const record = useRecordContext<RealNameReviewView>();
  if (!record) return null;
  return (
    <Typography component="span" variant="body2" sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>
      {record.idNumberMasked}
    </Typography>
  );
};

/** The contributor's store nickname, linked to their account in Users. */
export const ContributorLink = (_props: Partial<FieldProps<RealNameReviewView>>) => {
  const record = useRecordContext<RealNameReviewView>();
  const createPath = useCreatePath();
  if (!record) return null;
  return (
    <Link variant="body2" to={createPath({ resource: 'users', id: record.userId, type: 'show' })} onClick={(event: { stopPropagation(): void }) => event.stopPropagation()}>
      {record.nickname || record.userId}
    </Link>
  );
};
