import TrendingUpIcon from '@mui/icons-material/TrendingUp';
import type { SearchDemandAdminRow } from '@mkt/contracts';
import { SearchDemandList } from './SearchDemandList';

export default {
  list: SearchDemandList,
  icon: TrendingUpIcon,
  recordRepresentation: (record: SearchDemandAdminRow) => record.query,
};
