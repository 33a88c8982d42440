import type { UserAdminView } from '@mkt/contracts';
import { Typography } from '@mui/material';
import { ReferenceField, useRecordContext, type FieldProps } from 'react-admin';

/**
 * A user (a contributor, a buyer) as the console names them: identity's nickname and the phone or
 * e-mail as identity's `users` serve them (masked for every role; revealing is one audited click
 * on the user's page), linked to that page. The id itself when the user cannot be read.
 */
export const UserField = ({ source = 'contributorId', testId }: Partial<FieldProps> & { testId?: string }) => {
  const record = useRecordContext<Record<string, unknown>>();
  const id = record?.[source];
  return (
    <ReferenceField source={source} reference="users" link="show" emptyText={typeof id === 'string' ? id : '—'}>
      <UserName testId={testId} />
    </ReferenceField>
  );
};

const UserName = ({ testId }: { testId?: string }) => {
  const user = useRecordContext<UserAdminView>();
  if (!user) return null;
  const contact = user.phone ?? user.email;
  return (
    <Typography component="span" variant="body2" data-testid={testId}>
      {[user.nickname, contact].filter(Boolean).join(' · ') || user.id}
    </Typography>
  );
};
