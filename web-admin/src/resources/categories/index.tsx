import type { CategoryAdminView } from '@mkt/contracts';
import CategoryIcon from '@mui/icons-material/Category';
import { localized } from '../../common/localized';
import { CategoryCreate, CategoryEdit } from './CategoryForm';
import { CategoryList } from './CategoryList';

export default {
  list: CategoryList,
  create: CategoryCreate,
  edit: CategoryEdit,
  icon: CategoryIcon,
  recordRepresentation: (record: CategoryAdminView) => localized(record.nameZh, record.nameEn) || `#${record.id}`,
};
