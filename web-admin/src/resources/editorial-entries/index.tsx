import type { EditorialEntryAdminView } from '@mkt/contracts';
import ArticleIcon from '@mui/icons-material/Article';
import { localized } from '../../common/localized';
import { EditorialCreate, EditorialEdit } from './EditorialForm';
import { EditorialList } from './EditorialList';

export default {
  list: EditorialList,
  create: EditorialCreate,
  edit: EditorialEdit,
  icon: ArticleIcon,
  recordRepresentation: (record: EditorialEntryAdminView) => localized(record.titleZh, record.titleEn) || `#${record.id}`,
};
