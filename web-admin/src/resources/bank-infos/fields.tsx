import type { BankInfoAdminView } from '@mkt/contracts';
import { Chip } from '@mui/material';
import { useRecordContext, useTranslate, type FieldProps } from 'react-admin';

const COLORS = { verifying: 'warning', failed: 'error', verified: 'success' } as const;

export const BankStatusChip = (_props: Partial<FieldProps<BankInfoAdminView>>) => {
  const record = useRecordContext<BankInfoAdminView>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Chip
      size="small"
      color={COLORS[record.status]}
      label={translate(`resources.bank-infos.statuses.${record.status}`, { _: record.status })}
      data-testid="admin-bank-status"
      data-status={record.status}
    />
  );
};

export const SettlementField = (_props: Partial<FieldProps<BankInfoAdminView>>) => {
  const record = useRecordContext<BankInfoAdminView>();
  const translate = useTranslate();
  if (!record) return null;
  return <span>{translate(`resources.bank-infos.settlement.${record.settlementType}`, { _: record.settlementType })}</span>;
};
