import type { UserAdminView, UserContactRevealed } from '@mkt/contracts';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { Alert, Stack, Typography } from '@mui/material';
import { Button, Labeled, useCanAccess, useDataProvider, useRecordContext, useTranslate } from 'react-admin';
import { useAuditedReveal } from '../../common/useAuditedReveal';
import type { ConsoleDataProvider } from '../../providers/dataProvider';

/**
 * The user's phone and e-mail as the server sends them (masked for every role), and in full after
 * "Show", offered only to the roles that may reveal them; the server records each reveal.
 */
export function ContactDetails() {
  const record = useRecordContext<UserAdminView>();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const translate = useTranslate();
  const { canAccess } = useCanAccess({ resource: 'users', action: 'reveal' });
  const { shown, reveal, pending } = useAuditedReveal<UserContactRevealed>(record?.id, (id) => dataProvider.revealUserContact(id));
  if (!record) return null;
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
