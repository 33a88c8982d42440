import type { BankInfoAdminView, BankInfoRevealed } from '@mkt/contracts';
import CancelIcon from '@mui/icons-material/Cancel';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { Alert, Button as MuiButton, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField as MuiTextField, Typography } from '@mui/material';
import { useState } from 'react';
import { Button, Labeled, Show, SimpleShowLayout, TextField, TopToolbar, useDataProvider, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { ShanghaiDateField } from '../../common/ShanghaiDateField';
import { useAuditedReveal } from '../../common/useAuditedReveal';
import type { ConsoleDataProvider } from '../../providers/dataProvider';
import { ContributorField } from '../statements/fields';
import { BankStatusChip, SettlementField } from './fields';

const mono = { fontFamily: 'monospace' };

const ShowActions = () => {
  const record = useRecordContext<BankInfoAdminView>();
  if (!record) return null;
  return <TopToolbar>{record.status === 'verifying' && <ReviewButtons record={record} />}</TopToolbar>;
};

export const BankInfoShow = () => (
  <Show actions={<ShowActions />}>
    <SimpleShowLayout>
      <ContributorField label="resources.bank-infos.fields.contributorId" />
      <BankStatusChip label="resources.bank-infos.fields.status" />
      <TextField source="rejectReason" emptyText="—" />
      <SettlementField label="resources.bank-infos.fields.settlementType" />
      <TextField source="accountName" />
      <TextField source="bankName" />
      <TextField source="reservedPhone" sx={mono} />
      <RevealedNumbers />
      <ShanghaiDateField source="submittedAt" />
      <ShanghaiDateField source="reviewedAt" emptyText="—" />
    </SimpleShowLayout>
  </Show>
);

/** The numbers masked, and in full after "Reveal", which the server records in the audit log. */
function RevealedNumbers() {
  const record = useRecordContext<BankInfoAdminView>();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const translate = useTranslate();
  const { shown, reveal, pending } = useAuditedReveal<BankInfoRevealed>(record?.id, (id) => dataProvider.revealBankInfo(id));
  if (!record) return null;
  return (
    <Stack spacing={1}>
      <Labeled label="resources.bank-infos.fields.cardNumberMasked">
        <Typography variant="body2" sx={mono} data-testid="admin-bank-card">
          {shown ? shown.cardNumber : record.cardNumberMasked}
        </Typography>
      </Labeled>
      <Labeled label="resources.bank-infos.fields.idNumberMasked">
        <Typography variant="body2" sx={mono} data-testid="admin-bank-id-number">
          {shown ? shown.idNumber : record.idNumberMasked}
        </Typography>
      </Labeled>
      <Labeled label="resources.bank-infos.fields.taxNumberMasked">
        <Typography variant="body2" sx={mono}>
          {shown ? shown.taxNumber : record.taxNumberMasked}
        </Typography>
      </Labeled>
      {shown ? (
        <Alert severity="info" data-testid="admin-bank-revealed">
          {translate('resources.bank-infos.reveal.audited')}
        </Alert>
      ) : (
        <Button label="resources.bank-infos.reveal.button" onClick={reveal} disabled={pending} data-testid="admin-bank-reveal">
          <VisibilityIcon />
        </Button>
      )}
    </Stack>
  );
}

function ReviewButtons({ record }: { record: BankInfoAdminView }) {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const translate = useTranslate();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [pending, setPending] = useState(false);
  const run = async (action: () => Promise<unknown>, done: string) => {
    setPending(true);
    try {
      await action();
      notify(done, { type: 'success' });
      setRejecting(false);
      refresh();
    } catch (error) {
      notify(error instanceof Error ? error.message : 'ra.notification.http_error', { type: 'error' });
    } finally {
      setPending(false);
    }
  };
  return (
    <>
      <Button label="resources.bank-infos.review.verify" onClick={() => run(() => dataProvider.verifyBankInfo(record.id), 'resources.bank-infos.review.verified')} disabled={pending} data-testid="admin-bank-verify">
        <CheckCircleIcon />
      </Button>
      <Button label="resources.bank-infos.review.reject" color="error" onClick={() => setRejecting(true)} disabled={pending} data-testid="admin-bank-reject">
        <CancelIcon />
      </Button>
      <Dialog open={rejecting} onClose={pending ? undefined : () => setRejecting(false)} fullWidth maxWidth="sm" data-testid="admin-bank-reject-dialog">
        <DialogTitle>{translate('resources.bank-infos.review.reject_title')}</DialogTitle>
        <DialogContent>
          <MuiTextField
            autoFocus
            fullWidth
            multiline
            minRows={3}
            margin="dense"
            label={translate('resources.bank-infos.review.reason')}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            slotProps={{ htmlInput: { maxLength: 200, 'data-testid': 'admin-bank-reject-reason' } }}
          />
        </DialogContent>
        <DialogActions>
          <MuiButton onClick={() => setRejecting(false)} disabled={pending}>
            {translate('ra.action.cancel')}
          </MuiButton>
          <MuiButton
            variant="contained"
            color="error"
            disabled={pending || reason.trim() === ''}
            onClick={() => run(() => dataProvider.rejectBankInfo(record.id, reason.trim()), 'resources.bank-infos.review.rejected')}
            data-testid="admin-bank-reject-submit"
          >
            {translate('resources.bank-infos.review.reject')}
          </MuiButton>
        </DialogActions>
      </Dialog>
    </>
  );
}
