import type { UserAdminView } from '@mkt/contracts';
import PeopleIcon from '@mui/icons-material/People';
import { UserEdit } from './UserEdit';
import { UserList } from './UserList';
import { UserShow } from './UserShow';

export default {
  list: UserList,
  show: UserShow,
  edit: UserEdit,
  icon: PeopleIcon,
  recordRepresentation: (record: UserAdminView) => record.nickname || record.phone || record.email || record.id,
};
