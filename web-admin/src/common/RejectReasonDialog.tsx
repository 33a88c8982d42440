import { Alert, Button as MuiButton, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { rejectReason, REJECT_REASON_MAX } from './rejectReason';

interface RejectReasonDialogProps {
  /** Prefix of the dialog's test ids: `-dialog`, `-reason`, `-error`, `-submit`. */
  testId: string;
  /** Already translated. */
  title: string;
  help: string;
  reasonLabel: string;
  submitLabel: string;
  /** Sends the reason and does what follows success (notify, refresh, close); throws when refused. */
  send: (reason: string) => Promise<void>;
  /** The refusal's text as staff should read it. */
  describeRefusal: (error: unknown) => string;
  onClose: () => void;
}

/**
 * Asks for the required one-line reason of a rejection (shown to the person rejected) and sends
 * it. A refusal is shown inside the dialog: a notification would sit behind its backdrop.
 */
export function RejectReasonDialog({ testId, title, help, reasonLabel, submitLabel, send, describeRefusal, onClose }: RejectReasonDialogProps) {
  const translate = useTranslate();
  const [reason, setReason] = useState('');
  const [pending, setPending] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const sendable = rejectReason(reason);
  const length = reason.trim().length;

  const submit = async () => {
    if (!sendable) return;
    setPending(true);
    setRefusal(null);
    try {
      await send(sendable);
    } catch (error) {
      setRefusal(describeRefusal(error));
      setPending(false);
    }
  };

  return (
    <Dialog open onClose={pending ? undefined : onClose} fullWidth maxWidth="sm" data-testid={`${testId}-dialog`}>
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText variant="body2">{help}</DialogContentText>
        <TextField
          autoFocus
          fullWidth
          required
          label={reasonLabel}
          value={reason}
          onChange={(event) => (setReason(event.target.value), setRefusal(null))}
          helperText={`${length} / ${REJECT_REASON_MAX}`}
          error={length > REJECT_REASON_MAX}
          sx={{ mt: 2 }}
          slotProps={{ htmlInput: { 'data-testid': `${testId}-reason` } }}
        />
        {refusal && (
          <Alert severity="error" sx={{ mt: 2 }} data-testid={`${testId}-error`}>
            {refusal}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <MuiButton onClick={onClose} disabled={pending}>
          {translate('ra.action.cancel')}
        </MuiButton>
        <MuiButton variant="contained" color="warning" onClick={submit} disabled={!sendable || pending} data-testid={`${testId}-submit`}>
          {submitLabel}
        </MuiButton>
      </DialogActions>
    </Dialog>
  );
}
