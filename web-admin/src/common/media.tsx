import ImageNotSupportedOutlinedIcon from '@mui/icons-material/ImageNotSupportedOutlined';
import { Box, Typography } from '@mui/material';
import { FormDataConsumer, useFieldValue, useRecordContext, useTranslate, type FieldProps } from 'react-admin';

/**
 * The server serves the public renditions bucket (thumbnails, previews, covers) below this path,
 * e.g. "renditions/covers/a.jpg" → "/api/media/renditions/covers/a.jpg". Used only to preview a
 * cover location typed in a form before it is saved; saved records carry their own *Url.
 */
const PUBLIC_BUCKET = 'renditions';
const PUBLIC_MEDIA_PATH = '/api/media/renditions/';

export function previewUrlOf(location: unknown): string | null {
  if (typeof location !== 'string') return null;
  const prefix = `${PUBLIC_BUCKET}/`;
  if (!location.startsWith(prefix) || location.length === prefix.length) return null;
  return PUBLIC_MEDIA_PATH + location.slice(prefix.length).split('/').map(encodeURIComponent).join('/');
}

interface PictureProps {
  url: string | null | undefined;
  width: number;
  height: number;
  alt?: string;
}

/** A picture in a fixed box (cropped to fill), or a grey placeholder when there is none. */
export const Picture = ({ url, width, height, alt = '' }: PictureProps) => {
  const translate = useTranslate();
  const box = { width, height, borderRadius: 1, flexShrink: 0, bgcolor: 'action.hover', display: 'block' } as const;
  if (!url) {
    return (
      <Box sx={{ ...box, display: 'flex', alignItems: 'center', justifyContent: 'center' }} title={translate('app.cover.none')}>
        <ImageNotSupportedOutlinedIcon fontSize="small" color="disabled" />
      </Box>
    );
  }
  return <Box component="img" src={url} alt={alt} loading="lazy" sx={{ ...box, objectFit: 'cover' }} />;
};

/** A list cell with the picture at `source` (a ready URL such as thumbnailUrl or coverUrl). */
export const PictureField = ({ width = 96, height = 54, ...props }: Partial<FieldProps> & { width?: number; height?: number }) => {
  const value = useFieldValue(props as FieldProps);
  return <Picture url={typeof value === 'string' ? value : null} width={width} height={height} />;
};

/**
 * The cover of a category or topic form: follows the location typed in `keySource`, and shows the
 * saved cover (`urlSource`) while the location is unchanged.
 */
export const CoverPreview = ({ keySource, urlSource }: { keySource: string; urlSource: string }) => (
  <FormDataConsumer>{({ formData }) => <CoverPicture location={formData?.[keySource]} keySource={keySource} urlSource={urlSource} />}</FormDataConsumer>
);

const CoverPicture = ({ location, keySource, urlSource }: { location: unknown; keySource: string; urlSource: string }) => {
  const translate = useTranslate();
  const record = useRecordContext();
  const key = location ?? null;
  const saved = record?.[keySource] === key ? (record?.[urlSource] as string | null | undefined) : null;
  const url = saved || previewUrlOf(key);
  return (
    <Box sx={{ mb: 2 }}>
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mb: 0.5 }}>
        {translate('app.cover.preview')}
      </Typography>
      <Picture url={url} width={240} height={135} />
    </Box>
  );
};
