import type { RefundAdminView } from '@mkt/contracts';
import AssignmentReturnIcon from '@mui/icons-material/AssignmentReturn';
import { Button, CardContent, Stack, TextField as MuiTextField, Typography } from '@mui/material';
import { useState } from 'react';
import { DataTable, FunctionField, List, SelectInput, Show, TextField, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { ShanghaiDateField } from '../../common/ShanghaiDateField';
import { postAction } from '../orders/actions';

const RefundList = () => {
  const translate = useTranslate();
  return (
    <List filters={[<SelectInput key="status" source="status" alwaysOn choices={['requested', 'approved', 'rejected'].map((id) => ({ id, name: `app.orders.status.${id}` }))} />]} sort={{ field: 'createdAt', order: 'DESC' }} exporter={false}>
      <DataTable rowClick="show" bulkActionButtons={false}>
        <DataTable.Col source="orderNo" field={TextField} disableSort />
        <DataTable.Col source="status" disableSort>
          <FunctionField render={(r: RefundAdminView) => translate(`app.orders.status.${r.status}`)} />
        </DataTable.Col>
        <DataTable.Col source="description" field={TextField} disableSort />
        <DataTable.Col source="createdAt" field={ShanghaiDateField} />
      </DataTable>
    </List>
  );
};

function RefundDetail() {
  const record = useRecordContext<RefundAdminView>();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [reason, setReason] = useState('');
  if (!record) return null;
  const decide = async (action: 'approve' | 'reject') => {
    try {
      await postAction('refunds', record.id, action, { reason });
      notify('app.orders.done', { type: 'info' });
      refresh();
    } catch (error) {
      notify(error instanceof Error ? error.message : 'ra.notification.http_error', { type: 'error' });
    }
  };
  return (
    <CardContent>
      <Stack spacing={2}>
        <Typography variant="h6">
          {record.orderNo} · {translate(`app.orders.status.${record.status}`)}
        </Typography>
        <Typography>{record.description}</Typography>
        {record.staffNote && <Typography variant="body2">{record.staffNote}</Typography>}
        {record.status === 'requested' && (
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <MuiTextField size="small" label={translate('app.orders.reason')} value={reason} onChange={(e) => setReason(e.target.value)} />
            <Button variant="contained" disabled={!reason.trim()} onClick={() => decide('approve')}>
              {translate('app.orders.approve')}
            </Button>
            <Button variant="outlined" disabled={!reason.trim()} onClick={() => decide('reject')}>
              {translate('app.orders.reject_refund')}
            </Button>
          </Stack>
        )}
      </Stack>
    </CardContent>
  );
}

export default {
  list: RefundList,
  show: () => (
    <Show>
      <RefundDetail />
    </Show>
  ),
  icon: AssignmentReturnIcon,
  recordRepresentation: (record: RefundAdminView) => record.orderNo,
};
