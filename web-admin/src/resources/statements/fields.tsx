import { type StatementAdminView, formatFen } from '@mkt/contracts';
import { Typography } from '@mui/material';
import { StatusChip as SharedStatusChip } from '../../common/StatusChip';
import { ReferenceField, useRecordContext, type FieldProps } from 'react-admin';
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

/**
 * The contributor's account (nickname, phone or e-mail) from identity's users; the id itself when
 * the user cannot be read, so finance always has something to search for.
 */
export const ContributorField = ({ source = 'contributorId' }: Partial<FieldProps>) => {
  const record = useRecordContext<Record<string, unknown>>();
  const id = record?.[source];
  return <ReferenceField source={source} reference="users" link="show" emptyText={typeof id === 'string' ? id : '—'} />;
};
