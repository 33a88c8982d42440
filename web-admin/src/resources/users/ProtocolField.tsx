import type { UserAdminView } from '@mkt/contracts';
import { Typography } from '@mui/material';
import { useRecordContext, useTranslate, type FieldProps } from 'react-admin';

/** The contributor's answer to the supplementary agreement: null until answered. */
export const ProtocolField = (_props: Partial<FieldProps<UserAdminView>>) => {
  const record = useRecordContext<UserAdminView>();
  const translate = useTranslate();
  if (!record) return null;
  const key =
    record.protocolAgreed === true ? 'agreed' : record.protocolAgreed === false ? 'rejected' : 'pending';
  return (
    <Typography component="span" variant="body2">
      {translate(`app.protocol.${key}`)}
    </Typography>
  );
};
