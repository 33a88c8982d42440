import type { StatementAdminView } from '@mkt/contracts';
import RequestPageIcon from '@mui/icons-material/RequestPage';
import { StatementList } from './StatementList';
import { StatementShow } from './StatementShow';
import { quarterLabel } from './payouts';

export default {
  list: StatementList,
  show: StatementShow,
  icon: RequestPageIcon,
  recordRepresentation: (record: StatementAdminView) => quarterLabel(record),
};
