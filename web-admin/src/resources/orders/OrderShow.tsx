import { LICENCE_LABELS, type OrderAdminView, type OrderItemView, fenToYuanText, formatFen, parseYuan } from '@mkt/contracts';
import { Box, Button, Card, CardContent, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField as MuiTextField, Typography } from '@mui/material';
import { useState } from 'react';
import { Show, useNotify, usePermissions, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { bilingualLabel } from '../../common/licence';
import { formatShanghai, fromShanghaiInput, toShanghaiInput } from '../../common/time';
import { ProjectLinkField } from '../projects/fields';
import { IrreversibleButton } from '../../common/IrreversibleButton';
import { postAction } from './actions';

export const OrderShow = () => (
  <Show>
    <OrderDetail />
  </Show>
);

function useAct() {
  const notify = useNotify();
  const refresh = useRefresh();
  return async (id: string, action: string, body: object | undefined, done: string) => {
    try {
      await postAction('orders', id, action, body);
      notify(done, { type: 'info' });
      refresh();
    } catch (error) {
      notify(error instanceof Error ? error.message : 'ra.notification.http_error', { type: 'error' });
    }
  };
}

function OrderDetail() {
  const record = useRecordContext<OrderAdminView>();
  const translate = useTranslate();
  const { permissions } = usePermissions<string[]>();
  const roles = permissions ?? [];
  const can = (...allowed: string[]) => roles.some((r) => allowed.includes(r));
  if (!record) return null;
  const licence = record.licence;
  return (
    <CardContent>
      <Stack spacing={3}>
        <Box>
          <Typography variant="h6" data-testid="admin-order-no">
            {record.orderNo} · {translate(`app.orders.kind.${record.kind}`)} ·{' '}
            <span data-testid="admin-order-status">{translate(`app.orders.status.${record.status}`)}</span>
          </Typography>
          <Typography variant="body2">
            {formatShanghai(record.createdAt)} · {translate('app.orders.total')}: {formatFen(record.totalFen)}
            {record.vipPricePercent ? ` (VIP ${record.vipPricePercent}%)` : ''}
            {record.quoteValidUntil ? ` · ${translate('app.orders.valid_until')} ${formatShanghai(record.quoteValidUntil)}` : ''}
          </Typography>
          {record.projectId && (
            <Typography variant="body2" data-testid="admin-order-project">
              {translate('resources.orders.fields.projectId')}: <ProjectLinkField source="projectId" />
            </Typography>
          )}
          {record.closedReason && <Typography color="error">{record.closedReason}</Typography>}
        </Box>
        {licence && (
          <Box>
            <Typography variant="subtitle1">{translate('app.orders.licence')}</Typography>
            <Typography variant="body2">
              {[
                bilingualLabel(LICENCE_LABELS.type, licence.licenceType),
                licence.buyerCompany,
                licence.userCompany,
                licence.projectName,
                licence.brand,
                bilingualLabel(LICENCE_LABELS.projectType, licence.projectType),
                licence.purpose,
                bilingualLabel(LICENCE_LABELS.region, licence.region),
                bilingualLabel(LICENCE_LABELS.duration, licence.duration),
                licence.contact,
                licence.phone,
              ]
                .filter(Boolean)
                .join(' · ')}
            </Typography>
            {licence.specialRequest && <Typography variant="body2">{licence.specialRequest}</Typography>}
          </Box>
        )}
        {record.allowedActions.includes('quote') && can('admin', 'sales') ? <QuotePanel record={record} /> : <ItemsTable items={record.items} />}
        {/* A project download is covered by the project's contract: there is never a voucher. */}
        {record.kind !== 'project' && <VoucherPanel record={record} canDecide={record.status === 'paid' && can('admin', 'finance')} />}
        {record.allowedActions.includes('close') && can('admin', 'sales') && <ReasonAction record={record} action="close" label="app.orders.close" testId="admin-order-close" />}
      </Stack>
    </CardContent>
  );
}

function ItemsTable({ items }: { items: OrderItemView[] }) {
  const translate = useTranslate();
  return (
    <Table size="small">
      <TableHead>
        <TableRow>
          <TableCell>{translate('app.orders.items')}</TableCell>
          <TableCell align="right">{translate('app.orders.yuan')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {items.map((item) => (
          <TableRow key={item.itemId}>
            <TableCell>
              {item.code} · {item.title}
            </TableCell>
            <TableCell align="right">{formatFen(item.priceFen)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** Price per item in yuan (stored as fen), the total as their sum, and the quote's validity. */
function QuotePanel({ record }: { record: OrderAdminView }) {
  const translate = useTranslate();
  const act = useAct();
  const [prices, setPrices] = useState<Record<number, string>>(() => Object.fromEntries(record.items.map((i) => [i.itemId, i.listPriceFen !== null ? fenToYuanText(i.listPriceFen) : ''])));
  const [validUntil, setValidUntil] = useState(() => toShanghaiInput(new Date(Date.now() + 7 * 86_400_000)));
  const fen = record.items.map((i) => parseYuan(prices[i.itemId] ?? ''));
  const complete = fen.every((f) => f !== null);
  const total = complete ? (fen as number[]).reduce((a, b) => a + b, 0) : null;
  const submit = () =>
    act(
      record.id,
      'quote',
      {
        items: record.items.map((i, n) => ({ itemId: i.itemId, priceFen: fen[n] })),
        // The input is China time (UTC+8).
        validUntil: fromShanghaiInput(validUntil),
      },
      'app.orders.quoted',
    );
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="subtitle1">{translate('app.orders.quote')}</Typography>
        <Table size="small">
          <TableBody>
            {record.items.map((item) => (
              <TableRow key={item.itemId}>
                <TableCell>
                  {item.code} · {item.title}
                </TableCell>
                <TableCell align="right">
                  <MuiTextField
                    size="small"
                    label={translate('app.orders.yuan')}
                    value={prices[item.itemId] ?? ''}
                    onChange={(e) => setPrices({ ...prices, [item.itemId]: e.target.value })}
                    // Red only for something typed that is not a price, not for a field still empty.
                    error={(prices[item.itemId] ?? '').trim() !== '' && parseYuan(prices[item.itemId] ?? '') === null}
                    slotProps={{ htmlInput: { 'data-testid': 'admin-quote-price', inputMode: 'decimal' } }}
                  />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <Stack direction="row" spacing={2} sx={{ mt: 2, alignItems: 'center' }}>
          <MuiTextField
            type="datetime-local"
            size="small"
            label={`${translate('app.orders.valid_until')} (UTC+8)`}
            value={validUntil}
            onChange={(e) => setValidUntil(e.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <Typography data-testid="admin-quote-total">
            {translate('app.orders.total')}: {formatFen(total)}
          </Typography>
          <Button variant="contained" disabled={!complete || !validUntil} onClick={submit} data-testid="admin-quote-submit">
            {translate('app.orders.quote')}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}

function VoucherPanel({ record, canDecide }: { record: OrderAdminView; canDecide: boolean }) {
  const translate = useTranslate();
  const act = useAct();
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="subtitle1">{translate('app.orders.voucher')}</Typography>
        {record.voucherUrl ? (
          <>
            <Typography variant="body2">
              {translate('app.orders.account_name')}: {record.voucherAccountName}
            </Typography>
            <a href={record.voucherUrl} target="_blank" rel="noreferrer">
              <img src={record.voucherUrl} alt={translate('app.orders.voucher')} style={{ maxWidth: 480, maxHeight: 360, marginTop: 8, border: '1px solid #ccc' }} data-testid="admin-voucher-image" />
            </a>
          </>
        ) : (
          <Typography variant="body2">{translate('app.orders.no_voucher')}</Typography>
        )}
        {record.voucherRejectedReason && <Typography color="error">{record.voucherRejectedReason}</Typography>}
        {canDecide && (
          <Stack direction="row" spacing={2} sx={{ mt: 2 }}>
            <IrreversibleButton
              variant="contained"
              color="success"
              label="app.orders.confirm"
              title="app.orders.ask.confirm_title"
              content="app.orders.ask.confirm_content"
              translateOptions={{ no: record.orderNo }}
              onConfirm={() => act(record.id, 'confirm', undefined, 'app.orders.confirmed')}
              testId="admin-order-confirm"
            />
            <ReasonAction record={record} action="reject" label="app.orders.reject" testId="admin-order-reject" />
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}

function ReasonAction({ record, action, label, testId }: { record: OrderAdminView; action: string; label: string; testId: string }) {
  const translate = useTranslate();
  const act = useAct();
  const [reason, setReason] = useState('');
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <MuiTextField size="small" label={translate('app.orders.reason')} value={reason} onChange={(e) => setReason(e.target.value)} slotProps={{ htmlInput: { 'data-testid': `${testId}-reason` } }} />
      <IrreversibleButton
        variant="outlined"
        color="warning"
        sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
        disabled={!reason.trim()}
        label={label}
        title={`app.orders.ask.${action}_title`}
        content={`app.orders.ask.${action}_content`}
        translateOptions={{ no: record.orderNo, reason: reason.trim() }}
        onConfirm={() => act(record.id, action, { reason }, 'app.orders.done')}
        testId={testId}
      />
    </Stack>
  );
}
