import type { UserAdminView } from '@mkt/contracts';
import { Chip, Stack } from '@mui/material';
import { useRecordContext, useTranslate, type FieldProps } from 'react-admin';

const FLAGS = [
  { source: 'signFlag', color: 'success' },
  { source: 'verity', color: 'info' },
  { source: 'enterpriseAdmin', color: 'primary' },
  { source: 'disabled', color: 'error' },
] as const;

/** The yes/no flags that are set, as small chips: a compact "status" cell for the list. */
export const FlagsField = (_props: Partial<FieldProps<UserAdminView>>) => {
  const record = useRecordContext<UserAdminView>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {FLAGS.filter(({ source }) => record[source] === true).map(({ source, color }) => (
        <Chip key={source} size="small" variant="outlined" color={color} label={translate(`resources.users.fields.${source}`)} />
      ))}
    </Stack>
  );
};
