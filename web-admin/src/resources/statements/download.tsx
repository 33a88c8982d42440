import DownloadIcon from '@mui/icons-material/Download';
import { useState } from 'react';
import { Button, useDataProvider, useNotify } from 'react-admin';
import type { ConsoleDataProvider } from '../../providers/dataProvider';
import { remittanceFileName, withByteOrderMark } from './payouts';

/**
 * Saves a batch's remittance list. The CSV needs the staff token, so a plain link cannot fetch it:
 * it is read through the data provider and handed to the browser as a file.
 */
export function useRemittanceDownload() {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const notify = useNotify();
  return async (batch: string) => {
    try {
      const csv = await dataProvider.remittanceCsv(batch);
      const url = URL.createObjectURL(new Blob([withByteOrderMark(csv)], { type: 'text/csv;charset=utf-8' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = remittanceFileName(batch);
      document.body.appendChild(link);
      link.click();
      link.remove();
      // Revoked on the next tick: some browsers start reading the file only after the click returns.
      setTimeout(() => URL.revokeObjectURL(url), 0);
    } catch (error) {
      notify(error instanceof Error ? error.message : 'ra.notification.http_error', { type: 'error' });
    }
  };
}

export const RemittanceDownloadButton = ({ batch, variant = 'text' }: { batch: string; variant?: 'text' | 'contained' | 'outlined' }) => {
  const download = useRemittanceDownload();
  const [pending, setPending] = useState(false);
  return (
    <Button
      label="resources.statements.remit.download"
      variant={variant}
      disabled={pending}
      onClick={async (event) => {
        // Inside a list row, a click must not also open the statement.
        event.stopPropagation();
        setPending(true);
        await download(batch);
        setPending(false);
      }}
      data-testid="admin-remittance-download"
    >
      <DownloadIcon />
    </Button>
  );
};
