import type { ContributorShareView } from '@mkt/contracts';
import PercentIcon from '@mui/icons-material/Percent';
import { ContributorShareEdit } from './ContributorShareEdit';
import { ContributorShareList } from './ContributorShareList';

export default {
  list: ContributorShareList,
  edit: ContributorShareEdit,
  icon: PercentIcon,
  recordRepresentation: (record: ContributorShareView) => record.id,
};
