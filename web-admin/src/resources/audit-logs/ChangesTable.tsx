import { LICENCE_LABELS, type AuditLogView } from '@mkt/contracts';
import { Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useLocaleState, useRecordContext, useTranslate, type FieldProps } from 'react-admin';
import { bilingualLabel } from '../../common/licence';
import { formatShanghai } from '../../common/time';
import { projectStatusName } from '../projects/choices';
import { useGidLabel } from '../users/gid';
import { changedFields, isSecretField } from './diff';

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** Coded values translated in the changes table: field → resources that use it, and its labels. */
const CODED_VALUES: Record<string, string[]> = {
  kind: ['materials', 'categories'],
  status: ['materials'],
  from: ['materials'],
};
const CODED_PREFIXES: Record<string, string> = {
  kind: 'app.material.kinds',
  status: 'app.material.statuses',
  from: 'app.material.sources',
};

function isFilterObject(value: unknown): value is Record<string, string[]> {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.values(value).every((v) => Array.isArray(v) && v.every((item) => typeof item === 'string'))
  );
}

/** A value as staff read it: names for booleans, user groups, roles and project statuses, licence terms in both languages, times in UTC+8, JSON for the rest. */
function useFormatValue(resource: string | undefined) {
  const translate = useTranslate();
  const gidLabel = useGidLabel();
  return (field: string, value: unknown): string => {
    if (value === undefined || value === null || value === '') return translate('app.audit.empty');
    if (isSecretField(field)) return '••••••';
    if (typeof value === 'boolean') return translate(`ra.boolean.${value}`);
    if (typeof value === 'string' && ISO_DATE_TIME.test(value)) return formatShanghai(value) || value;
    if (resource === 'users' && field === 'gid' && typeof value === 'number') return `${value} · ${gidLabel(value)}`;
    if (resource === 'staff' && field === 'roles' && Array.isArray(value)) {
      return value.map((role) => translate(`app.roles.${String(role)}`, { _: String(role) })).join(', ');
    }
    if (resource === 'projects' && field === 'status') {
      const name = projectStatusName(value);
      if (name) return translate(`resources.projects.statuses.${name}`);
    }
    if (resource === 'projects' && (field === 'projectType' || field === 'region' || field === 'duration') && typeof value === 'string') {
      return bilingualLabel(LICENCE_LABELS[field], value);
    }
    if (typeof value === 'string' && CODED_VALUES[field]?.includes(resource ?? '')) {
      return translate(`${CODED_PREFIXES[field]}.${value}`, { _: value });
    }
    if (resource === 'materials' && field === 'filters' && isFilterObject(value)) {
      return Object.entries(value)
        .map(([name, values]) => {
          const label = translate(`app.filters.names.${name}`, { _: name });
          const list = values.map((v) => translate(`app.filters.values.${name}.${v}`, { _: v }));
          return `${label}: ${list.join(', ')}`;
        })
        .join('\n');
    }
    if (Array.isArray(value) && value.every((item) => typeof item === 'string' || typeof item === 'number')) {
      return value.join(', ');
    }
    if (typeof value === 'object') return JSON.stringify(value, null, 2);
    return String(value);
  };
}

export function useFieldLabel(resource: string | undefined) {
  const translate = useTranslate();
  return (field: string) => (field ? translate(`resources.${resource}.fields.${field}`, { _: field }) : '—');
}

/** The changed fields of an audit entry, before and after side by side. */
export const ChangesTable = (_props: Partial<FieldProps<AuditLogView>>) => {
  const record = useRecordContext<AuditLogView>();
  const translate = useTranslate();
  const format = useFormatValue(record?.resource);
  const label = useFieldLabel(record?.resource);
  if (!record) return null;
  const changes = changedFields(record.before, record.after);
  if (changes.length === 0) {
    return <Typography variant="body2">{translate('app.audit.no_changes')}</Typography>;
  }
  const cell = { whiteSpace: 'pre-wrap', wordBreak: 'break-word' } as const;
  // Nested objects are shown as JSON, in a monospace font; everything else as text.
  const code = (value: unknown) =>
    typeof value === 'object' &&
    value !== null &&
    !(Array.isArray(value) && value.every((v) => typeof v === 'string' || typeof v === 'number')) &&
    !(record.resource === 'materials' && isFilterObject(value))
      ? { fontFamily: 'monospace', fontSize: 13 }
      : {};
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" sx={{ minWidth: 480 }} data-testid="audit-changes">
        <TableHead>
          <TableRow>
            <TableCell sx={{ width: '28%' }}>{translate('app.audit.field')}</TableCell>
            <TableCell sx={{ width: '36%' }}>{translate('resources.audit-logs.fields.before')}</TableCell>
            <TableCell sx={{ width: '36%' }}>{translate('resources.audit-logs.fields.after')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {changes.map(({ field, before, after }) => (
            <TableRow key={field}>
              <TableCell sx={{ fontWeight: 500 }}>
                {label(field)}
                {field ? <Typography variant="caption" sx={{ display: 'block', opacity: 0.6 }}>{field}</Typography> : null}
              </TableCell>
              <TableCell sx={{ ...cell, ...code(before), bgcolor: 'rgba(211, 47, 47, 0.06)' }}>
                {format(field, before)}
              </TableCell>
              <TableCell sx={{ ...cell, ...code(after), bgcolor: 'rgba(46, 125, 50, 0.08)' }}>
                {format(field, after)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
};

/** The changed fields' names, for the list. */
export const ChangedFieldsSummary = (_props: Partial<FieldProps<AuditLogView>>) => {
  const record = useRecordContext<AuditLogView>();
  const label = useFieldLabel(record?.resource);
  const [locale] = useLocaleState();
  if (!record) return null;
  const fields = changedFields(record.before, record.after).map((c) => label(c.field));
  const shown = fields.slice(0, 4).join(locale === 'en' ? ', ' : '、');
  return (
    <Typography component="span" variant="body2">
      {fields.length > 4 ? `${shown} …` : shown}
    </Typography>
  );
};
