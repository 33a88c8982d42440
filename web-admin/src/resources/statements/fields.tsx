import { type StatementAdminView, formatFen } from '@mkt/contracts';
import { Typography } from '@mui/material';
import { StatusChip as SharedStatusChip } from '../../common/StatusChip';
import { UserField } from '../../common/UserField';
import { useRecordContext, type FieldProps } from 'react-admin';
import { quarterLabel, STATUS_COLORS } from './payouts';

export const StatusChip = (_props: Partial<FieldProps<StatementAdminView>>) => (
  <SharedStatusChip resource="statements" colors={STATUS_COLORS} testId="admin-statement-status" outlined={['invalid']} />
);

export const QuarterField = (_props: Partial<FieldProps<StatementAdminView>>) => {
  const record = useRecordContext<StatementAdminView>();
  if (!record) return null;
  return (
    <Typography component="span" variant="body2" sx={{ whiteSpace: 'nowrap' }}>
      {quarterLabel(record)}
    </Typography>
  );
};

/** An amount in fen shown in yuan, as the orders pages show prices. */
export const YuanField = ({ source }: { source: 'grossFen' | 'taxFen' | 'netFen' } & Partial<FieldProps<StatementAdminView>>) => {
  const record = useRecordContext<StatementAdminView>();
  if (!record) return null;
  return (
    <Typography component="span" variant="body2" sx={{ fontVariantNumeric: 'tabular-nums' }}>
      {formatFen(record[source])}
    </Typography>
  );
};

/** The contributor as every console page names a user: nickname and masked phone, linked to the user. */
export const ContributorField = ({ source = 'contributorId' }: Partial<FieldProps>) => <UserField source={source} />;
