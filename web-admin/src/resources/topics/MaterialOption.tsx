import type { MaterialAdminView } from '@mkt/contracts';
import { Box, Typography } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import { localized } from '../../common/localized';
import { Picture } from '../../common/media';

/** How a material reads in a text field (chips, the search box): code and title. */
export const materialText = (record: MaterialAdminView | undefined) =>
  record ? [record.code, localized(record.titleZh, record.titleEn)].filter(Boolean).join(' · ') : '';

/** A material in the topic's search menu: thumbnail, code and title, kind and status. */
export const MaterialOption = () => {
  const record = useRecordContext<MaterialAdminView>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
      <Picture url={record.thumbnailUrl} width={64} height={36} />
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" noWrap>
          {materialText(record)}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {translate(`app.material.kinds.${record.kind}`, { _: record.kind })} · {translate(`app.material.statuses.${record.status}`, { _: record.status })}
        </Typography>
      </Box>
    </Box>
  );
};
