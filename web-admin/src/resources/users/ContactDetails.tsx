import type { UserAdminView, UserContactRevealed } from '@mkt/contracts';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { Alert, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { Button, Labeled, useCanAccess, useDataProvider, useNotify, useRecordContext, useTranslate } from 'react-admin';
import type { ConsoleDataProvider } from '../../providers/dataProvider';

/**
 * The user's phone and e-mail as the server sends them (masked for every role), and in full after
 * "Show", offered only to the roles that may reveal them; the server records each reveal.
 */
export function ContactDetails() {
  const record = useRecordContext<UserAdminView>();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const notify = useNotify();
  const translate = useTranslate();
  const { canAccess } = useCanAccess({ resource: 'users', action: 'reveal' });
  const [revealed, setRevealed] = useState<UserContactRevealed | null>(null);
  const [pending, setPending] = useState(false);
  if (!record) return null;
  const shown = revealed?.id === record.id ? revealed : null;
  const reveal = async () => {
    setPending(true);
    try {
      setRevealed(await dataProvider.revealUserContact(record.id));
    } catch (error) {
      notify(error instanceof Error ? error.message : 'ra.notification.http_error', { type: 'error' });
    } finally {
      setPending(false);
    }
  };
  const hasContact = record.phone !== null || record.email !== null;
  return (
    <Stack spacing={1}>
      <Labeled label="resources.users.fields.phone">
        <Typography variant="body2" data-testid="admin-user-phone">
          {(shown ? shown.phone : record.phone) ?? '—'}
        </Typography>
      </Labeled>
      <Labeled label="resources.users.fields.email">
        <Typography variant="body2" data-testid="admin-user-email">
          {(shown ? shown.email : record.email) ?? '—'}
        </Typography>
      </Labeled>
      {shown ? (
        <Alert severity="info" data-testid="admin-user-revealed">
          {translate('resources.users.reveal.audited')}
        </Alert>
      ) : canAccess && hasContact ? (
        <Button label="resources.users.reveal.button" onClick={reveal} disabled={pending} data-testid="admin-user-reveal">
          <VisibilityIcon />
        </Button>
      ) : null}
    </Stack>
  );
}
