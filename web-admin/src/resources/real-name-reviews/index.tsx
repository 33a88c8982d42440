import type { RealNameReviewView } from '@mkt/contracts';
import BadgeIcon from '@mui/icons-material/Badge';
import { RealNameReviewList } from './RealNameReviewList';
import { RealNameReviewShow } from './RealNameReviewShow';

export default {
  list: RealNameReviewList,
  show: RealNameReviewShow,
  icon: BadgeIcon,
  recordRepresentation: (record: RealNameReviewView) => record.name,
};
