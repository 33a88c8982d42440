import type { SigningReviewView } from '@mkt/contracts';
import HowToRegIcon from '@mui/icons-material/HowToReg';
import { SigningApplicationList } from './SigningApplicationList';
import { SigningApplicationShow } from './SigningApplicationShow';

export default {
  list: SigningApplicationList,
  show: SigningApplicationShow,
  icon: HowToRegIcon,
  recordRepresentation: (record: SigningReviewView) => record.realName,
};
