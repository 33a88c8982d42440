import type { ProjectAdminView } from '@mkt/contracts';
import BusinessCenterIcon from '@mui/icons-material/BusinessCenter';
import { ProjectCreate, ProjectEdit } from './ProjectForm';
import { ProjectList } from './ProjectList';
import { ProjectShow } from './ProjectShow';

export default {
  list: ProjectList,
  show: ProjectShow,
  create: ProjectCreate,
  edit: ProjectEdit,
  icon: BusinessCenterIcon,
  recordRepresentation: (record: ProjectAdminView) => (record.name ? `${record.id} · ${record.name}` : record.id),
};
