import { Typography } from '@mui/material';
import { useFieldValue, useTranslate, type FieldProps } from 'react-admin';
import { formatShanghai } from './time';

/**
 * A date and time in Asia/Shanghai (UTC+8), whatever the browser's zone, as "YYYY-MM-DD HH:mm"
 * in both languages. The field labels say "(UTC+8)".
 */
export const ShanghaiDateField = (props: FieldProps & { emptyText?: string }) => {
  const value = useFieldValue(props);
  const translate = useTranslate();
  const text = typeof value === 'string' || value instanceof Date ? formatShanghai(value) : '';
  return (
    <Typography component="span" variant="body2" sx={{ whiteSpace: 'nowrap' }}>
      {text || (props.emptyText ? translate(props.emptyText, { _: props.emptyText }) : '')}
    </Typography>
  );
};
