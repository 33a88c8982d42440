import type { TopicAdminView } from '@mkt/contracts';
import CollectionsBookmarkIcon from '@mui/icons-material/CollectionsBookmark';
import { localized } from '../../common/localized';
import { TopicCreate, TopicEdit } from './TopicForm';
import { TopicList } from './TopicList';

export default {
  list: TopicList,
  create: TopicCreate,
  edit: TopicEdit,
  icon: CollectionsBookmarkIcon,
  recordRepresentation: (record: TopicAdminView) => localized(record.titleZh, record.titleEn) || `#${record.id}`,
};
