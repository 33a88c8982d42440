import type { HotWordAdminView } from '@mkt/contracts';
import WhatshotIcon from '@mui/icons-material/Whatshot';
import { localized } from '../../common/localized';
import { HotWordCreate, HotWordEdit } from './HotWordForm';
import { HotWordList } from './HotWordList';

export default {
  list: HotWordList,
  create: HotWordCreate,
  edit: HotWordEdit,
  icon: WhatshotIcon,
  recordRepresentation: (record: HotWordAdminView) => localized(record.wordZh, record.wordEn) || `#${record.id}`,
};
