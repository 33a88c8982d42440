import EmojiEventsIcon from '@mui/icons-material/EmojiEvents';
import { localized } from '../../common/localized';
import { ContestCreate, ContestEdit } from './ContestForm';
import { ContestList } from './ContestList';
import { ContestShow } from './ContestShow';
import type { ContestRecord } from './contestSetup';

export default {
  list: ContestList,
  show: ContestShow,
  create: ContestCreate,
  edit: ContestEdit,
  icon: EmojiEventsIcon,
  recordRepresentation: (record: ContestRecord) => `#${record.id} ${localized(record.titleZh, record.titleEn)}`,
};
