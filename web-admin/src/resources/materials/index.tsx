import type { MaterialAdminView } from '@mkt/contracts';
import VideoLibraryIcon from '@mui/icons-material/VideoLibrary';
import { localized } from '../../common/localized';
import { MaterialEdit } from './MaterialEdit';
import { MaterialList } from './MaterialList';
import { MaterialShow } from './MaterialShow';

export default {
  list: MaterialList,
  show: MaterialShow,
  edit: MaterialEdit,
  icon: VideoLibraryIcon,
  recordRepresentation: (record: MaterialAdminView) => {
    const title = localized(record.titleZh, record.titleEn);
    return title ? `${record.code} · ${title}` : record.code;
  },
};
