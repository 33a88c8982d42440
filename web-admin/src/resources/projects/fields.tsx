import { LICENCE_LABELS, type ProjectAdminView } from '@mkt/contracts';
import { Chip, Typography } from '@mui/material';
import { Link, useCanAccess, useCreatePath, useFieldValue, useTranslate, type FieldProps } from 'react-admin';
import { bilingualLabel } from '../../common/licence';
import { projectStatusName, type ProjectStatusName } from './choices';

const STATUS_COLORS: Record<ProjectStatusName, 'default' | 'info' | 'success'> = {
  pending: 'info',
  active: 'success',
  ended: 'default',
};

/** Not started, in progress or ended, as a chip: only "in progress" lets customers download. */
export const ProjectStatusField = (props: Partial<FieldProps<ProjectAdminView>>) => {
  const status = useFieldValue({ ...props, source: 'status' });
  const translate = useTranslate();
  const name = projectStatusName(status);
  if (status == null) return null;
  if (!name) return <Typography component="span" variant="body2">{String(status)}</Typography>;
  return (
    <Chip
      size="small"
      color={STATUS_COLORS[name]}
      variant={name === 'active' ? 'filled' : 'outlined'}
      label={translate(`resources.projects.statuses.${name}`)}
      data-testid="admin-project-status"
    />
  );
};

type LicenceSource = 'projectType' | 'region' | 'duration';

/** A licence term in both languages, as the project's authorization files print it. */
export const LicenceTermField = ({ source, ...props }: Partial<FieldProps<ProjectAdminView>> & { source: LicenceSource }) => {
  const value = useFieldValue({ ...props, source });
  if (typeof value !== 'string' || !value) return null;
  return (
    <Typography component="span" variant="body2">
      {bilingualLabel(LICENCE_LABELS[source], value)}
    </Typography>
  );
};

/**
 * A project number kept on another record (a user, an order), linked to the project for the roles
 * that may read projects. The number is shown as stored even when no such project exists.
 */
export const ProjectLinkField = ({ emptyText = '—', ...props }: Partial<FieldProps> & { source: string; emptyText?: string }) => {
  const value = useFieldValue(props as FieldProps);
  const createPath = useCreatePath();
  const { canAccess } = useCanAccess({ resource: 'projects', action: 'show' });
  if (typeof value !== 'string' || !value) return <Typography component="span" variant="body2">{emptyText}</Typography>;
  if (!canAccess) return <Typography component="span" variant="body2">{value}</Typography>;
  return (
    <Link variant="body2" to={createPath({ resource: 'projects', id: value, type: 'show' })} data-testid="admin-project-link">
      {value}
    </Link>
  );
};
