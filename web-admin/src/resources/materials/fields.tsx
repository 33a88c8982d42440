import { FILTER_NAMES, type MaterialAdminView, type MaterialStatus } from '@mkt/contracts';
import { Box, Chip, Stack, Typography } from '@mui/material';
import { useFieldValue, useRecordContext, useTranslate, type FieldProps } from 'react-admin';
import { filterLabel, filterValueLabel } from './choices';

const STATUS_COLORS: Record<MaterialStatus, 'default' | 'success' | 'warning'> = {
  draft: 'default',
  published: 'success',
  unpublished: 'warning',
};

export const StatusField = (props: Partial<FieldProps<MaterialAdminView>>) => {
  const status = useFieldValue({ ...props, source: 'status' }) as MaterialStatus | undefined;
  const translate = useTranslate();
  if (!status) return null;
  return (
    <Chip
      size="small"
      color={STATUS_COLORS[status] ?? 'default'}
      variant={status === 'published' ? 'filled' : 'outlined'}
      label={translate(`app.material.statuses.${status}`, { _: status })}
    />
  );
};

/** A value translated under `prefix` (kinds, sources), as the server wrote it when unknown. */
export const TranslatedField = ({ prefix, ...props }: Partial<FieldProps> & { source: string; prefix: string }) => {
  const value = useFieldValue(props as FieldProps);
  const translate = useTranslate();
  if (value == null || value === '') return null;
  return (
    <Typography component="span" variant="body2" sx={{ whiteSpace: 'nowrap' }}>
      {translate(`${prefix}.${String(value)}`, { _: String(value) })}
    </Typography>
  );
};

export const KindField = (props: Partial<FieldProps>) => <TranslatedField source="kind" prefix="app.material.kinds" {...props} />;
export const SourceField = (props: Partial<FieldProps>) => <TranslatedField source="from" prefix="app.material.sources" {...props} />;

/** Keywords as small chips. */
export const KeywordsField = (props: Partial<FieldProps> & { source: string }) => {
  const value = useFieldValue(props as FieldProps);
  if (!Array.isArray(value) || value.length === 0) return <Typography variant="body2">—</Typography>;
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {value.map((word) => (
        <Chip key={String(word)} size="small" label={String(word)} />
      ))}
    </Stack>
  );
};

/** Width × height in pixels. */
export const SizeField = (_props: Partial<FieldProps<MaterialAdminView>>) => {
  const record = useRecordContext<MaterialAdminView>();
  if (!record) return null;
  return <Typography variant="body2">{`${record.width} × ${record.height}`}</Typography>;
};

export const DurationField = (_props: Partial<FieldProps<MaterialAdminView>>) => {
  const record = useRecordContext<MaterialAdminView>();
  const translate = useTranslate();
  if (!record) return null;
  if (record.duration == null) return <Typography variant="body2">—</Typography>;
  const seconds = Math.round(record.duration * 10) / 10;
  return <Typography variant="body2">{translate('app.material.duration_seconds', { seconds })}</Typography>;
};

/** Every filter with values, as "名称：值、值". */
export const FiltersField = (_props: Partial<FieldProps<MaterialAdminView>>) => {
  const record = useRecordContext<MaterialAdminView>();
  const translate = useTranslate();
  if (!record) return null;
  const rows = FILTER_NAMES.filter((name) => (record.filters?.[name]?.length ?? 0) > 0);
  if (rows.length === 0) return <Typography variant="body2">—</Typography>;
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 1, alignItems: 'center', m: 0 }}>
      {rows.map((name) => (
        <Box key={name} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {translate(filterLabel(name))}
          </Typography>
          <Box component="dd" sx={{ m: 0 }}>
            <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
              {(record.filters[name] ?? []).map((value) => (
                <Chip key={value} size="small" variant="outlined" label={translate(filterValueLabel(name, value), { _: value })} />
              ))}
            </Stack>
          </Box>
        </Box>
      ))}
    </Box>
  );
};

/** The 480p preview of a video (poster: the thumbnail), or the picture of a photo. */
export const MaterialPreview = ({ maxWidth = 640 }: { maxWidth?: number }) => {
  const record = useRecordContext<MaterialAdminView>();
  const translate = useTranslate();
  if (!record) return null;
  const sx = { width: '100%', maxWidth, borderRadius: 1, bgcolor: 'common.black', display: 'block' } as const;
  if (record.kind !== 'photo' && record.previewUrl) {
    return (
      <Box component="video" controls preload="metadata" src={record.previewUrl} poster={record.thumbnailUrl ?? undefined} sx={sx} data-testid="material-preview" />
    );
  }
  const picture = record.kind === 'photo' ? (record.previewUrl ?? record.thumbnailUrl) : record.thumbnailUrl;
  if (picture) return <Box component="img" src={picture} alt={record.code} sx={{ ...sx, bgcolor: 'action.hover', objectFit: 'contain' }} />;
  return (
    <Typography variant="body2" color="text.secondary">
      {translate('app.material.no_preview')}
    </Typography>
  );
};
