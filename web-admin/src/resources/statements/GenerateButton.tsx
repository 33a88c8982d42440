import EventRepeatIcon from '@mui/icons-material/EventRepeat';
import { Alert, Button as MuiButton, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, MenuItem, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { Button, useDataProvider, useNotify, useRefresh, useTranslate } from 'react-admin';
import type { ConsoleDataProvider } from '../../providers/dataProvider';
import { latestClosedQuarter, parseQuarter, quarterLabel } from './payouts';

/** "Generate statements for a quarter": finance picks a quarter, the server produces what is due (idempotent). */
export const GenerateButton = () => {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button label="resources.statements.generate.button" onClick={() => setOpen(true)} data-testid="admin-statements-generate">
        <EventRepeatIcon />
      </Button>
      {open && <GenerateDialog onClose={() => setOpen(false)} />}
    </>
  );
};

function GenerateDialog({ onClose }: { onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const initial = latestClosedQuarter(new Date());
  const [year, setYear] = useState(String(initial.year));
  const [quarter, setQuarter] = useState(String(initial.quarter));
  const [pending, setPending] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const chosen = parseQuarter(year, quarter);

  const submit = async () => {
    if (!chosen) return;
    setPending(true);
    setRefusal(null);
    try {
      const { created } = await dataProvider.generateStatements(chosen);
      notify('resources.statements.generate.done', { type: 'success', messageArgs: { smart_count: created, quarter: quarterLabel(chosen) } });
      refresh();
      onClose();
    } catch (error) {
      // The server says why in the staff member's language (quarter not over, before 2020 Q4); shown
      // in the dialog, since a notification would sit behind its backdrop, and finance picks again.
      setRefusal(translate(error instanceof Error ? error.message : 'ra.notification.http_error', { _: error instanceof Error ? error.message : '' }));
    } finally {
      setPending(false);
    }
  };

  return (
    <Dialog open onClose={pending ? undefined : onClose} data-testid="admin-statements-generate-dialog">
      <DialogTitle>{translate('resources.statements.generate.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText variant="body2">{translate('resources.statements.generate.help')}</DialogContentText>
        <Stack direction="row" spacing={2} sx={{ mt: 2 }}>
          <TextField
            label={translate('resources.statements.fields.year')}
            value={year}
            onChange={(event) => (setYear(event.target.value), setRefusal(null))}
            error={!parseQuarter(year, '1')}
            size="small"
            slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'admin-statements-generate-year' } }}
          />
          <TextField
            select
            label={translate('resources.statements.fields.quarter')}
            value={quarter}
            onChange={(event) => (setQuarter(event.target.value), setRefusal(null))}
            size="small"
            sx={{ minWidth: 120 }}
            slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'admin-statements-generate-quarter' } as object } }}
          >
            {['1', '2', '3', '4'].map((q) => (
              <MenuItem key={q} value={q} data-testid={`admin-statements-generate-quarter-${q}`}>
                Q{q}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
        {refusal && (
          <Alert severity="error" sx={{ mt: 2 }} data-testid="admin-statements-generate-error">
            {refusal}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <MuiButton onClick={onClose} disabled={pending}>
          {translate('ra.action.cancel')}
        </MuiButton>
        <MuiButton variant="contained" onClick={submit} disabled={!chosen || pending} data-testid="admin-statements-generate-submit">
          {translate('resources.statements.generate.submit')}
        </MuiButton>
      </DialogActions>
    </Dialog>
  );
}
