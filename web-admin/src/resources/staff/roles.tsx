import { STAFF_ROLES, type StaffView } from '@mkt/contracts';
import { Chip, Stack } from '@mui/material';
import { useRecordContext, useTranslate, type FieldProps } from 'react-admin';

export const roleChoices = STAFF_ROLES.map((role) => ({ id: role, name: `app.roles.${role}` }));

/** The roles as translated chips. */
export const RolesField = (_props: Partial<FieldProps<StaffView>>) => {
  const record = useRecordContext<StaffView>();
  const translate = useTranslate();
  if (!record?.roles) return null;
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {record.roles.map((role) => (
        <Chip key={role} size="small" label={translate(`app.roles.${role}`, { _: role })} />
      ))}
    </Stack>
  );
};
