import type { AuditLogView } from '@mkt/contracts';
import { Typography } from '@mui/material';
import { Link, useCreatePath, useGetResourceLabel, useRecordContext, useTranslate, type FieldProps } from 'react-admin';

/** The action, translated when the console knows it, otherwise as the server wrote it. */
export const ActionField = (_props: Partial<FieldProps<AuditLogView>>) => {
  const record = useRecordContext<AuditLogView>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Typography component="span" variant="body2">
      {translate(`app.audit.actions.${record.action}`, { _: record.action })}
    </Typography>
  );
};

/** The resources whose changes are audited, and the actions recorded. */
export const AUDITED_RESOURCES = ['users', 'projects', 'staff', 'materials', 'categories', 'topics', 'hot-words', 'search-synonyms', 'orders', 'invoices', 'refunds', 'statements', 'contributor-shares', 'real-name-reviews'] as const;
export const AUDIT_ACTIONS = ['create', 'update', 'delete', 'publish', 'unpublish', 'login', 'quote', 'confirm', 'reject-voucher', 'close', 'process', 'issue', 'approve', 'reject', 'generate', 'correct', 'remit', 'verify', 'reveal'] as const;

/** Resources that have a page in the console, so an audit entry can link to its record: show page, else edit page. */
const LINKS: Record<string, 'show' | 'edit'> = {
  users: 'show',
  projects: 'show',
  staff: 'show',
  materials: 'show',
  categories: 'edit',
  topics: 'edit',
  'hot-words': 'edit',
  'search-synonyms': 'edit',
  statements: 'show',
  'contributor-shares': 'edit',
  'real-name-reviews': 'show',
};
const LINKABLE = Object.keys(LINKS);

/** Generating is recorded against its quarter ("2025Q1"), which has no page of its own. */
const hasPage = (record: AuditLogView) => LINKABLE.includes(record.resource) && !(record.resource === 'statements' && record.action === 'generate');

export const ResourceField = (_props: Partial<FieldProps<AuditLogView>>) => {
  const record = useRecordContext<AuditLogView>();
  const getResourceLabel = useGetResourceLabel();
  if (!record) return null;
  return (
    <Typography component="span" variant="body2">
      {LINKABLE.includes(record.resource) ? getResourceLabel(record.resource, 1) : record.resource}
    </Typography>
  );
};

export const ResourceIdField = (_props: Partial<FieldProps<AuditLogView>>) => {
  const record = useRecordContext<AuditLogView>();
  const createPath = useCreatePath();
  if (!record) return null;
  if (!hasPage(record) || !record.resourceId) {
    return (
      <Typography component="span" variant="body2">
        {record.resourceId}
      </Typography>
    );
  }
  return (
    <Link variant="body2" to={createPath({ resource: record.resource, id: record.resourceId, type: LINKS[record.resource] ?? 'show' })} onClick={(event: { stopPropagation(): void }) => event.stopPropagation()}>
      {record.resourceId}
    </Link>
  );
};
