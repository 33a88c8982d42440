import type { StaffView } from '@mkt/contracts';
import BadgeIcon from '@mui/icons-material/Badge';
import { StaffCreate } from './StaffCreate';
import { StaffEdit } from './StaffEdit';
import { StaffList } from './StaffList';
import { StaffShow } from './StaffShow';

export default {
  list: StaffList,
  show: StaffShow,
  create: StaffCreate,
  edit: StaffEdit,
  icon: BadgeIcon,
  recordRepresentation: (record: StaffView) => record.displayName || record.username,
};
