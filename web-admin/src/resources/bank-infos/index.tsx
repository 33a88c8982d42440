import type { BankInfoAdminView } from '@mkt/contracts';
import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import { BankInfoList } from './BankInfoList';
import { BankInfoShow } from './BankInfoShow';

export default {
  list: BankInfoList,
  show: BankInfoShow,
  icon: AccountBalanceIcon,
  recordRepresentation: (record: BankInfoAdminView) => record.accountName,
};
