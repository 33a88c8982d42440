import { type StatementAdminView, formatFen } from '@mkt/contracts';
import PaymentsIcon from '@mui/icons-material/Payments';
import { Alert, Button as MuiButton, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Typography } from '@mui/material';
import { useState } from 'react';
import { Button, useDataProvider, useListContext, useNotify, useRefresh, useTranslate } from 'react-admin';
import type { ConsoleDataProvider } from '../../providers/dataProvider';
import { RemittanceDownloadButton } from './download';
import { isRemittable } from './payouts';

/**
 * Bulk "Remit": the selected confirmed statements are paid as one bank batch, then the batch's
 * remittance list is offered for download. The selection is kept until that dialog is closed,
 * because clearing it hides this toolbar and the dialog with it.
 */
export const RemitButton = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const { selectedIds, data, onUnselectItems } = useListContext<StatementAdminView>();
  const [step, setStep] = useState<'closed' | 'confirm' | 'done'>('closed');
  const [pending, setPending] = useState(false);
  const [batch, setBatch] = useState<{ batch: string; statements: StatementAdminView[] } | null>(null);

  // The rows as they were when the dialog opened: the list refreshes after the remittance while
  // the dialog fades out, and the remitted rows must not read as "not confirmed" meanwhile.
  const [opened, setOpened] = useState<StatementAdminView[]>([]);
  // Rows of other pages are not loaded: those are left to the server, which refuses the whole batch.
  const current = (data ?? []).filter((row) => selectedIds.includes(row.id));
  const selected = step === 'closed' ? current : opened;
  const blocked = selected.filter((row) => !isRemittable(row.status));
  const netFen = selected.reduce((sum, row) => sum + row.netFen, 0);

  const remit = async () => {
    setPending(true);
    try {
      const result = await dataProvider.remitStatements(selectedIds);
      setBatch(result);
      setStep('done');
      notify('resources.statements.remit.done', { type: 'success', messageArgs: { smart_count: result.statements.length, batch: result.batch } });
      refresh();
    } catch (error) {
      notify(error instanceof Error ? error.message : 'ra.notification.http_error', { type: 'error' });
      setStep('closed');
    } finally {
      setPending(false);
    }
  };

  const finish = () => {
    setStep('closed');
    setBatch(null);
    onUnselectItems();
  };

  return (
    <>
      <Button label="resources.statements.remit.button" onClick={() => {
          setOpened(current);
          setStep('confirm');
        }} data-testid="admin-statements-remit">
        <PaymentsIcon />
      </Button>
      <Dialog open={step === 'confirm'} onClose={pending ? undefined : () => setStep('closed')} data-testid="admin-statements-remit-dialog">
        <DialogTitle>{translate('resources.statements.remit.title', { smart_count: selectedIds.length })}</DialogTitle>
        <DialogContent>
          <DialogContentText variant="body2">{translate('resources.statements.remit.content', { smart_count: selectedIds.length, net: formatFen(netFen) })}</DialogContentText>
          {blocked.length > 0 && (
            <Alert severity="warning" sx={{ mt: 2 }} data-testid="admin-statements-remit-blocked">
              {translate('resources.statements.remit.blocked', { smart_count: blocked.length })}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <MuiButton onClick={() => setStep('closed')} disabled={pending}>
            {translate('ra.action.cancel')}
          </MuiButton>
          <MuiButton variant="contained" onClick={remit} disabled={pending || blocked.length > 0} data-testid="admin-statements-remit-submit">
            {translate('resources.statements.remit.submit')}
          </MuiButton>
        </DialogActions>
      </Dialog>
      <Dialog open={step === 'done' && !!batch} onClose={finish} data-testid="admin-statements-remit-result">
        <DialogTitle>{translate('resources.statements.remit.result_title')}</DialogTitle>
        <DialogContent>
          <DialogContentText variant="body2">{translate('resources.statements.remit.result', { smart_count: batch?.statements.length ?? 0 })}</DialogContentText>
          <Typography variant="body2" sx={{ mt: 1, fontFamily: 'monospace' }} data-testid="admin-statements-remit-batch">
            {batch?.batch}
          </Typography>
        </DialogContent>
        <DialogActions>
          {batch && <RemittanceDownloadButton batch={batch.batch} variant="contained" />}
          <MuiButton onClick={finish}>{translate('ra.action.close')}</MuiButton>
        </DialogActions>
      </Dialog>
    </>
  );
};
