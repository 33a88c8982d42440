import { Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

/** A small heading that groups fields on show and edit pages. */
export const Section = ({ title }: { title: string }) => {
  const translate = useTranslate();
  return (
    <Typography variant="subtitle1" color="primary" sx={{ mt: 1, fontWeight: 600 }}>
      {translate(title)}
    </Typography>
  );
};
