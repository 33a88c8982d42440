import type { SigningReviewView } from '@mkt/contracts';
import { StatusChip as SharedStatusChip } from '../../common/StatusChip';
import type { FieldProps } from 'react-admin';
import { STATUS_COLORS } from './signing';

export const StatusChip = (_props: Partial<FieldProps<SigningReviewView>>) => (
  <SharedStatusChip resource="signing-applications" colors={STATUS_COLORS} testId="admin-signing-status" />
);
