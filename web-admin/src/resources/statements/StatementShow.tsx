import { type StatementAdminView, type StatementLine, formatFen } from '@mkt/contracts';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import { Box, CardContent, Grid, Stack, Table, TableBody, TableCell, TableFooter, TableHead, TableRow, Typography } from '@mui/material';
import { Button, Confirm, Link, Show, TopToolbar, useCreatePath, useDataProvider, useNotify, useRecordContext, useRedirect, useTranslate } from 'react-admin';
import { useState, type ReactNode } from 'react';
import { formatShanghai } from '../../common/time';
import type { ConsoleDataProvider } from '../../providers/dataProvider';
import { RemittanceDownloadButton } from './download';
import { ContributorField, StatusChip } from './fields';
import { quarterLabel } from './payouts';

type StatementRecord = StatementAdminView & { lines?: StatementLine[] };

const ShowActions = () => {
  const record = useRecordContext<StatementRecord>();
  return <TopToolbar>{record?.status === 'rejected' && <CorrectButton record={record} />}</TopToolbar>;
};

export const StatementShow = () => (
  <Show actions={<ShowActions />}>
    <StatementDetail />
  </Show>
);

/** Finance answers a rejection with a corrected statement; the rejected one becomes invalid. */
function CorrectButton({ record }: { record: StatementRecord }) {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const notify = useNotify();
  const redirect = useRedirect();
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const correct = async () => {
    setPending(true);
    try {
      const next = await dataProvider.correctStatement(record.id);
      notify('resources.statements.correct.done', { type: 'success' });
      redirect('show', 'statements', next.id);
    } catch (error) {
      notify(error instanceof Error ? error.message : 'ra.notification.http_error', { type: 'error' });
    } finally {
      setPending(false);
      setOpen(false);
    }
  };
  return (
    <>
      <Button label="resources.statements.correct.button" onClick={() => setOpen(true)} disabled={pending} data-testid="admin-statement-correct">
        <FactCheckIcon />
      </Button>
      <Confirm
        isOpen={open}
        loading={pending}
        title="resources.statements.correct.title"
        content="resources.statements.correct.content"
        translateOptions={{ reason: record.rejectReason ?? '' }}
        onConfirm={correct}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

function Item({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  const translate = useTranslate();
  return (
    <Grid size={{ xs: 12, sm: 6, md: 3 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {translate(label)}
      </Typography>
      <Typography variant="body2" component="div" data-testid={testId}>
        {children}
      </Typography>
    </Grid>
  );
}

function StatementDetail() {
  const record = useRecordContext<StatementRecord>();
  const translate = useTranslate();
  const createPath = useCreatePath();
  if (!record) return null;
  const lines = record.lines ?? [];
  const field = (name: string) => `resources.statements.fields.${name}`;
  return (
    <CardContent>
      <Stack spacing={3}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <Typography variant="h6" data-testid="admin-statement-quarter">
            {quarterLabel(record)}
          </Typography>
          <StatusChip />
        </Stack>
        <Grid container spacing={2}>
          <Item label={field('contributorId')}>
            <ContributorField />
            <Typography variant="caption" color="text.secondary" component="div">
              {record.contributorId} ·{' '}
              <Link to={createPath({ resource: 'contributor-shares', id: record.contributorId, type: 'edit' })}>{translate('resources.statements.share_link')}</Link>
            </Typography>
          </Item>
          <Item label={field('createdAt')}>{formatShanghai(record.createdAt)}</Item>
          <Item label={field('confirmedAt')}>{formatShanghai(record.confirmedAt) || '—'}</Item>
          <Item label={field('remittedAt')}>{formatShanghai(record.remittedAt) || '—'}</Item>
          <Item label={field('grossFen')} testId="admin-statement-gross">
            {formatFen(record.grossFen)}
          </Item>
          <Item label={field('taxFen')} testId="admin-statement-tax">
            {formatFen(record.taxFen)}
          </Item>
          <Item label={field('netFen')} testId="admin-statement-net">
            <strong>{formatFen(record.netFen)}</strong>
          </Item>
          <Item label={field('lineCount')}>{record.lineCount}</Item>
          {record.rejectReason && (
            <Item label={field('rejectReason')} testId="admin-statement-reject-reason">
              <Typography color="warning.main" variant="body2" component="span">
                {record.rejectReason}
              </Typography>
            </Item>
          )}
          {record.replacedBy && (
            <Item label={field('replacedBy')}>
              <Link to={createPath({ resource: 'statements', id: record.replacedBy, type: 'show' })} data-testid="admin-statement-replaced-by">
                {record.replacedBy}
              </Link>
            </Item>
          )}
          {record.remittanceBatch && (
            <Item label={field('remittanceBatch')}>
              <Box component="span" sx={{ fontFamily: 'monospace', mr: 1 }}>
                {record.remittanceBatch}
              </Box>
              <RemittanceDownloadButton batch={record.remittanceBatch} />
            </Item>
          )}
        </Grid>
        <LinesTable record={record} lines={lines} />
      </Stack>
    </CardContent>
  );
}

function LinesTable({ record, lines }: { record: StatementRecord; lines: StatementLine[] }) {
  const translate = useTranslate();
  const column = (name: string) => translate(`resources.statements.lines.${name}`);
  return (
    <Box>
      <Typography variant="subtitle1" color="primary" sx={{ fontWeight: 600, mb: 1 }}>
        {translate('resources.statements.lines.title', { smart_count: lines.length })}
      </Typography>
      <Table size="small" data-testid="admin-statement-lines">
        <TableHead>
          <TableRow>
            <TableCell>{column('entryType')}</TableCell>
            <TableCell>{column('orderNo')}</TableCell>
            <TableCell>{column('material')}</TableCell>
            <TableCell>{column('licenceType')}</TableCell>
            <TableCell>{column('soldAt')}</TableCell>
            <TableCell align="right">{column('amountFen')}</TableCell>
            <TableCell align="right">{column('sharePercent')}</TableCell>
            <TableCell align="right">{column('earningFen')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {lines.length === 0 && (
            <TableRow>
              <TableCell colSpan={8}>{translate('resources.statements.lines.empty')}</TableCell>
            </TableRow>
          )}
          {lines.map((line, n) => (
            <TableRow key={`${line.orderNo}-${line.materialId}-${line.entryType}-${n}`}>
              <TableCell>{translate(`resources.statements.entry_types.${line.entryType}`, { _: line.entryType })}</TableCell>
              <TableCell sx={{ fontFamily: 'monospace' }}>{line.orderNo}</TableCell>
              <TableCell>
                {line.code} · {translate(`app.material.kinds.${line.kind}`, { _: line.kind })} · {line.title}
              </TableCell>
              <TableCell>{line.licenceType}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatShanghai(line.soldAt)}</TableCell>
              <TableCell align="right">{formatFen(line.amountFen)}</TableCell>
              <TableCell align="right">{line.sharePercent}%</TableCell>
              <TableCell align="right" sx={{ color: line.earningFen < 0 ? 'error.main' : undefined }}>
                {formatFen(line.earningFen)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
        <TableFooter>
          <TableRow>
            <TableCell colSpan={7} align="right">
              {translate('resources.statements.fields.grossFen')}
            </TableCell>
            <TableCell align="right">{formatFen(record.grossFen)}</TableCell>
          </TableRow>
          <TableRow>
            <TableCell colSpan={7} align="right">
              {translate('resources.statements.fields.taxFen')}
            </TableCell>
            <TableCell align="right">{formatFen(record.taxFen)}</TableCell>
          </TableRow>
          <TableRow>
            <TableCell colSpan={7} align="right">
              <strong>{translate('resources.statements.fields.netFen')}</strong>
            </TableCell>
            <TableCell align="right" data-testid="admin-statement-lines-net">
              <strong>{formatFen(record.netFen)}</strong>
            </TableCell>
          </TableRow>
        </TableFooter>
      </Table>
    </Box>
  );
}
