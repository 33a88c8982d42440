import type { RealNameReviewDetail } from '@mkt/contracts';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import { Alert, Box, CardContent, Grid, Button as MuiButton, Stack, Typography } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { Button, Confirm, ListButton, Show, TopToolbar, useDataProvider, useNotify, useRecordContext, useRedirect, useRefresh, useTranslate } from 'react-admin';
import { formatShanghai } from '../../common/time';
import type { ConsoleDataProvider } from '../../providers/dataProvider';
import { ContributorLink, MaskedIdField, StatusChip } from './fields';
import { RejectReasonDialog } from '../../common/RejectReasonDialog';
import { awaitsVerdict } from './realName';

const RESOURCE = 'real-name-reviews';
const text = (key: string) => `resources.${RESOURCE}.${key}`;

const ShowActions = () => {
  const record = useRecordContext<RealNameReviewDetail>();
  return (
    <TopToolbar>
      <ListButton />
      {record && awaitsVerdict(record.status) && (
        <>
          <VerifyButton record={record} />
          <RejectButton record={record} />
        </>
      )}
    </TopToolbar>
  );
};

/** Each opening hands out fresh photo links and is recorded in the audit log, so nothing refetches behind the reviewer's back. */
export const RealNameReviewShow = () => (
  <Show actions={<ShowActions />} queryOptions={{ refetchOnWindowFocus: false, refetchOnReconnect: false }}>
    <ReviewDetail />
  </Show>
);

/** After a verdict the reviewer goes back to the queue for the next submission. */
function useVerdictDone() {
  const notify = useNotify();
  const redirect = useRedirect();
  return (message: string) => {
    notify(message, { type: 'success' });
    redirect('list', RESOURCE);
  };
}

function VerifyButton({ record }: { record: RealNameReviewDetail }) {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const notify = useNotify();
  const done = useVerdictDone();
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const verify = async () => {
    setPending(true);
    try {
      await dataProvider.verifyRealName(record.id);
      done(text('verify.done'));
    } catch (error) {
      notify(error instanceof Error ? error.message : 'ra.notification.http_error', { type: 'error' });
    } finally {
      setPending(false);
      setOpen(false);
    }
  };
  return (
    <>
      <Button label={text('verify.button')} onClick={() => setOpen(true)} disabled={pending} data-testid="admin-real-name-verify">
        <CheckIcon />
      </Button>
      <Confirm
        isOpen={open}
        loading={pending}
        title={text('verify.title')}
        content={text('verify.content')}
        translateOptions={{ name: record.name }}
        onConfirm={verify}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

function RejectButton({ record }: { record: RealNameReviewDetail }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button label={text('reject.button')} onClick={() => setOpen(true)} data-testid="admin-real-name-reject">
        <CloseIcon />
      </Button>
      {open && <RejectDialog record={record} onClose={() => setOpen(false)} />}
    </>
  );
}

function RejectDialog({ record, onClose }: { record: RealNameReviewDetail; onClose: () => void }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const done = useVerdictDone();
  return (
    <RejectReasonDialog
      testId="admin-real-name-reject"
      title={translate(text('reject.title'))}
      help={translate(text('reject.help'), { name: record.name })}
      reasonLabel={translate(text('reject.reason'))}
      submitLabel={translate(text('reject.submit'))}
      send={async (reason) => {
        await dataProvider.rejectRealName(record.id, reason);
        done(text('reject.done'));
      }}
      describeRefusal={(error) => (error instanceof Error ? translate(error.message, { _: error.message }) : translate('ra.notification.http_error'))}
      onClose={onClose}
    />
  );
}

function Item({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  const translate = useTranslate();
  return (
    <Grid size={{ xs: 12, sm: 6, md: 4 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {translate(label)}
      </Typography>
      <Typography variant="body2" component="div" data-testid={testId}>
        {children}
      </Typography>
    </Grid>
  );
}

function ReviewDetail() {
  const record = useRecordContext<RealNameReviewDetail>();
  if (!record) return null;
  const field = (name: string) => text(`fields.${name}`);
  return (
    <CardContent>
      <Stack spacing={3}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <Typography variant="h6" data-testid="admin-real-name-name">
            {record.name}
          </Typography>
          <StatusChip />
        </Stack>
        <Grid container spacing={2}>
          <Item label={field('idNumberMasked')} testId="admin-real-name-id">
            <MaskedIdField />
          </Item>
          <Item label={field('nickname')}>
            <ContributorLink />
          </Item>
          <Item label={field('submittedAt')}>{formatShanghai(record.submittedAt)}</Item>
          <Item label={field('reviewedAt')}>{formatShanghai(record.reviewedAt) || '—'}</Item>
          <Item label={field('reviewedBy')}>{record.reviewedBy ?? '—'}</Item>
          {record.rejectReason && (
            <Item label={field('rejectReason')} testId="admin-real-name-reject-reason-shown">
              <Typography color="warning.main" variant="body2" component="span">
                {record.rejectReason}
              </Typography>
            </Item>
          )}
        </Grid>
        <Photos record={record} />
      </Stack>
    </CardContent>
  );
}

/** The two sides of the card through links that work five minutes; after that the reviewer loads them again. */
function Photos({ record }: { record: RealNameReviewDetail }) {
  const translate = useTranslate();
  const refresh = useRefresh();
  const [failed, setFailed] = useState(false);
  // The list's copy of the record has no links; the page's own fetch brings them.
  if (!record.portraitUrl || !record.emblemUrl) return null;
  const sides = [
    { side: 'portrait', url: record.portraitUrl },
    { side: 'emblem', url: record.emblemUrl },
  ] as const;
  return (
    <Box>
      <Typography variant="subtitle1" color="primary" sx={{ fontWeight: 600, mb: 1 }}>
        {translate(text('photos.title'))}
      </Typography>
      {failed && (
        <Alert
          severity="info"
          sx={{ mb: 2 }}
          action={
            <MuiButton color="inherit" size="small" onClick={() => (setFailed(false), refresh())}>
              {translate(text('photos.reload'))}
            </MuiButton>
          }
        >
          {translate(text('photos.expired'))}
        </Alert>
      )}
      <Grid container spacing={2}>
        {sides.map(({ side, url }) => (
          <Grid key={side} size={{ xs: 12, md: 6 }}>
            <Typography variant="caption" color="text.secondary" component="div" sx={{ mb: 0.5 }}>
              {translate(text(`photos.${side}`))}
            </Typography>
            <Box
              component="a"
              href={url}
              target="_blank"
              rel="noreferrer noopener"
              sx={{ display: 'block', border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'action.hover', overflow: 'hidden' }}
            >
              <Box
                component="img"
                src={url}
                alt={translate(text(`photos.${side}`))}
                onError={() => setFailed(true)}
                referrerPolicy="no-referrer"
                sx={{ display: 'block', width: '100%', maxHeight: 420, objectFit: 'contain' }}
                data-testid={`admin-real-name-photo-${side}`}
              />
            </Box>
          </Grid>
        ))}
      </Grid>
    </Box>
  );
}
