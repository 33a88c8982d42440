import CampaignIcon from '@mui/icons-material/Campaign';
import { localized } from '../../common/localized';
import { CampaignCreate, CampaignEdit } from './CampaignForm';
import { CampaignList } from './CampaignList';

export default {
  list: CampaignList,
  create: CampaignCreate,
  edit: CampaignEdit,
  icon: CampaignIcon,
  recordRepresentation: (record: { slug: string; titleZh: string; titleEn: string }) => localized(record.titleZh, record.titleEn) || record.slug,
};
