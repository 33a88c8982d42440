import type { BankInfoAdminView } from '@mkt/contracts';
import { StatusChip } from '../../common/StatusChip';
import { useRecordContext, useTranslate, type FieldProps } from 'react-admin';

const COLORS = { verifying: 'warning', failed: 'error', verified: 'success' } as const;

export const BankStatusChip = (_props: Partial<FieldProps<BankInfoAdminView>>) => <StatusChip resource="bank-infos" colors={COLORS} testId="admin-bank-status" />;

export const SettlementField = (_props: Partial<FieldProps<BankInfoAdminView>>) => {
  const record = useRecordContext<BankInfoAdminView>();
  const translate = useTranslate();
  if (!record) return null;
  return <span>{translate(`resources.bank-infos.settlement.${record.settlementType}`, { _: record.settlementType })}</span>;
};
