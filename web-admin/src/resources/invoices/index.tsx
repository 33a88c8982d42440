import { type InvoiceAdminView, formatFen } from '@mkt/contracts';
import RequestQuoteIcon from '@mui/icons-material/RequestQuote';
import { Button, CardContent, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { DataTable, FunctionField, List, SelectInput, Show, TextField, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { ShanghaiDateField } from '../../common/ShanghaiDateField';
import { postAction } from '../orders/actions';

const InvoiceList = () => {
  const translate = useTranslate();
  return (
    <List filters={[<SelectInput key="status" source="status" alwaysOn choices={['applied', 'processing', 'downloadable'].map((id) => ({ id, name: `app.orders.status.${id}` }))} />]} sort={{ field: 'createdAt', order: 'DESC' }} exporter={false}>
      <DataTable rowClick="show" bulkActionButtons={false}>
        <DataTable.Col source="orderNo" field={TextField} disableSort />
        <DataTable.Col source="form.companyName" field={TextField} disableSort />
        <DataTable.Col source="status" disableSort>
          <FunctionField render={(r: InvoiceAdminView) => translate(`app.orders.status.${r.status}`)} />
        </DataTable.Col>
        <DataTable.Col source="amountFen" disableSort>
          <FunctionField render={(r: InvoiceAdminView) => formatFen(r.amountFen)} />
        </DataTable.Col>
        <DataTable.Col source="createdAt" field={ShanghaiDateField} />
      </DataTable>
    </List>
  );
};

function InvoiceDetail() {
  const record = useRecordContext<InvoiceAdminView>();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [file, setFile] = useState<File | null>(null);
  if (!record) return null;
  const run = async (action: string, body?: FormData) => {
    try {
      await postAction('invoices', record.id, action, body);
      notify(action === 'file' ? 'app.orders.uploaded' : 'app.orders.done', { type: 'info' });
      refresh();
    } catch (error) {
      notify(error instanceof Error ? error.message : 'ra.notification.http_error', { type: 'error' });
    }
  };
  const upload = () => {
    if (!file) return;
    const form = new FormData();
    form.set('file', file);
    void run('file', form);
  };
  return (
    <CardContent>
      <Stack spacing={2}>
        <Typography variant="h6">
          {record.orderNo} · <span data-testid="admin-invoice-status">{translate(`app.orders.status.${record.status}`)}</span>
        </Typography>
        <Typography>
          {formatFen(record.amountFen)} / VAT 6% {formatFen(record.taxFen)}
        </Typography>
        <Typography variant="body2" component="pre" sx={{ whiteSpace: 'pre-wrap' }}>
          {Object.entries(record.form).map(([k, v]) => `${k}: ${v}`).join('\n')}
        </Typography>
        {record.fileUrl && (
          <a href={record.fileUrl} target="_blank" rel="noreferrer">
            {translate('app.orders.file')}
          </a>
        )}
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          {record.status === 'applied' && (
            <Button variant="contained" onClick={() => run('process')} data-testid="admin-invoice-process">
              {translate('app.orders.process')}
            </Button>
          )}
          <input type="file" accept="application/pdf" onChange={(e) => setFile(e.target.files?.[0] ?? null)} data-testid="admin-invoice-file" />
          <Button variant="outlined" disabled={!file} onClick={upload} data-testid="admin-invoice-upload">
            {translate('app.orders.upload')}
          </Button>
        </Stack>
      </Stack>
    </CardContent>
  );
}

export default {
  list: InvoiceList,
  show: () => (
    <Show>
      <InvoiceDetail />
    </Show>
  ),
  icon: RequestQuoteIcon,
  recordRepresentation: (record: InvoiceAdminView) => record.orderNo,
};
