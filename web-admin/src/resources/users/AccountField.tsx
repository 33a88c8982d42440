import type { UserAdminView } from '@mkt/contracts';
import { Typography } from '@mui/material';
import type { FieldProps } from 'react-admin';
import { useRecordContext } from 'react-admin';

/** A user signs in with a phone number or an e-mail address: both in one cell, masked as the server lists them. */
export const AccountField = (_props: Partial<FieldProps<UserAdminView>>) => {
  const record = useRecordContext<UserAdminView>();
  if (!record) return null;
  return (
    <>
      {record.phone ? (
        <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>
          {record.phone}
        </Typography>
      ) : null}
      {record.email ? (
        <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>
          {record.email}
        </Typography>
      ) : null}
    </>
  );
};
