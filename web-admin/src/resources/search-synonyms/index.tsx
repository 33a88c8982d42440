import type { SearchSynonymAdminView } from '@mkt/contracts';
import SyncAltIcon from '@mui/icons-material/SyncAlt';
import { SearchSynonymCreate, SearchSynonymEdit } from './SearchSynonymForm';
import { SearchSynonymList } from './SearchSynonymList';

export default {
  list: SearchSynonymList,
  create: SearchSynonymCreate,
  edit: SearchSynonymEdit,
  icon: SyncAltIcon,
  recordRepresentation: (record: SearchSynonymAdminView) => record.terms.slice(0, 3).join(' / ') || `#${record.id}`,
};
