import type { ContestFileView } from '@mkt/contracts';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import { Alert, Box, Button as MuiButton, Grid, Stack, Typography } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { Button, Link, ListButton, Show, TopToolbar, useCreatePath, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { RejectReasonDialog } from '../../../common/RejectReasonDialog';
import { formatShanghai } from '../../../common/time';
import { UserField } from '../../../common/UserField';
import { contestCalls } from '../contestCalls';
import { canApprove, canReject, EntryStatusChip, TrackTitle, type EntryRecord } from './entryParts';

const t = (key: string) => `resources.contest-entries.${key}`;
/** The longest reason the server takes (entryRejectSchema). */

const ShowActions = () => {
  const record = useRecordContext<EntryRecord>();
  return (
    <TopToolbar>
      <ListButton />
      {record && canApprove(record.status) && <ApproveButton record={record} />}
      {record && canReject(record.status) && <RejectButton record={record} />}
    </TopToolbar>
  );
};

/** The file links work a few minutes: nothing refetches behind the reviewer's back, and a reload brings fresh ones. */
export const EntryShow = () => (
  <Show actions={<ShowActions />} queryOptions={{ refetchOnWindowFocus: false, refetchOnReconnect: false }}>
    <EntryDetail />
  </Show>
);

const refusalText = (error: unknown) => (error instanceof Error ? error.message : 'ra.notification.http_error');

function ApproveButton({ record }: { record: EntryRecord }) {
  const notify = useNotify();
  const refresh = useRefresh();
  const [pending, setPending] = useState(false);
  const approve = async () => {
    setPending(true);
    try {
      await contestCalls.approveEntry(record.id);
      notify(t('approve.done'), { type: 'success' });
      refresh();
    } catch (error) {
      notify(refusalText(error), { type: 'error' });
    } finally {
      setPending(false);
    }
  };
  return (
    <Button label={t('approve.button')} onClick={approve} disabled={pending} color="success" data-testid="admin-entry-approve">
      <CheckIcon />
    </Button>
  );
}

function RejectButton({ record }: { record: EntryRecord }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button label={t('reject.button')} onClick={() => setOpen(true)} color="warning" data-testid="admin-entry-reject">
        <CloseIcon />
      </Button>
      {open && <RejectDialog record={record} onClose={() => setOpen(false)} />}
    </>
  );
}

/** The reason is required and shown to the participant; the entry leaves the judging. */
function RejectDialog({ record, onClose }: { record: EntryRecord; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  return (
    <RejectReasonDialog
      testId="admin-entry-reject"
      title={translate(t('reject.title'), { title: record.title })}
      help={translate(t('reject.help'))}
      reasonLabel={translate(t('reject.reason'))}
      submitLabel={translate(t('reject.submit'))}
      send={async (reason) => {
        await contestCalls.rejectEntry(record.id, reason);
        notify(t('reject.done'), { type: 'success' });
        refresh();
        onClose();
      }}
      describeRefusal={(error) => translate(refusalText(error), { _: refusalText(error) })}
      onClose={onClose}
    />
  );
}

function Item({ label, children, wide = false, testId }: { label: string; children: ReactNode; wide?: boolean; testId?: string }) {
  const translate = useTranslate();
  return (
    <Grid size={wide ? 12 : { xs: 12, sm: 6, md: 3 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {translate(label)}
      </Typography>
      <Typography variant="body2" component="div" data-testid={testId} sx={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
        {children}
      </Typography>
    </Grid>
  );
}

function EntryDetail() {
  const record = useRecordContext<EntryRecord>();
  const translate = useTranslate();
  const createPath = useCreatePath();
  if (!record) return null;
  const field = (name: string) => t(`fields.${name}`);
  const yes = (value: boolean) => translate(value ? 'ra.boolean.true' : 'ra.boolean.false');
  return (
    <Stack spacing={3} sx={{ p: 2 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="h6" data-testid="admin-entry-title">
          {record.title}
        </Typography>
        <EntryStatusChip />
      </Stack>
      {record.status === 'rejected' && record.rejectReason && (
        <Alert severity="warning" data-testid="admin-entry-reject-reason-shown">
          {translate(t('rejected_because'), { reason: record.rejectReason })}
        </Alert>
      )}
      <Files files={record.files} kind={record.kind} />
      <Grid container spacing={2}>
        <Item label={field('id')}>{record.id}</Item>
        <Item label={field('contestId')}>
          <Link to={createPath({ resource: 'contests', id: record.contestId, type: 'show' })}>#{record.contestId}</Link>
        </Item>
        <Item label={field('trackId')}>
          <TrackTitle />
        </Item>
        <Item label={field('kind')}>{translate(`resources.contests.kinds.${record.kind}`)}</Item>
        <Item label={field('signature')}>{record.signature}</Item>
        <Item label={field('location')}>{record.location}</Item>
        <Item label={field('equipment')}>{record.equipment}</Item>
        <Item label={field('age')}>{record.age}</Item>
        <Item label={field('gender')}>{translate(t(`genders.${record.gender}`), { _: record.gender })}</Item>
        <Item label={field('ownerFlag')}>{yes(record.ownerFlag)}</Item>
        <Item label={field('studentFlag')}>{yes(record.studentFlag)}</Item>
        <Item label={field('userId')}>
          <UserField source="userId" testId="admin-entry-participant" />
        </Item>
        <Item label={field('submittedAt')}>{formatShanghai(record.submittedAt)}</Item>
        <Item label={field('reviewedAt')}>{formatShanghai(record.reviewedAt) || '—'}</Item>
        <Item label={field('reviewedBy')}>{record.reviewedBy ?? '—'}</Item>
        <Item label={field('intro')} wide>
          {record.intro}
        </Item>
      </Grid>
    </Stack>
  );
}

const sizeText = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`);
const describe = (file: ContestFileView) =>
  [file.width && file.height ? `${file.width}×${file.height}` : null, file.durationSeconds ? `${file.durationSeconds.toFixed(1)} s` : null, sizeText(file.size)].filter(Boolean).join(' · ');

/** The video with its cover, or the photo group side by side in its order; each opens the file itself. */
function Files({ files, kind }: { files: ContestFileView[]; kind: 'video' | 'photo' }) {
  const translate = useTranslate();
  const refresh = useRefresh();
  const [failed, setFailed] = useState(false);
  const video = files.find((file) => file.role === 'video');
  const cover = files.find((file) => file.role === 'cover');
  const photos = files.filter((file) => file.role === 'photo');
  const expired = failed && (
    <Alert
      severity="info"
      action={
        <MuiButton color="inherit" size="small" onClick={() => (setFailed(false), refresh())}>
          {translate(t('reload'))}
        </MuiButton>
      }
    >
      {translate(t('links_expired'))}
    </Alert>
  );
  if (files.length === 0) return <Typography variant="body2">{translate(t('no_files'))}</Typography>;
  if (kind === 'video') {
    return (
      <Stack spacing={1}>
        {expired}
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '2fr 1fr' }, gap: 2, alignItems: 'start' }}>
          {video?.url && (
            <Box>
              <Box component="video" controls preload="metadata" src={video.url} poster={cover?.url ?? undefined} onError={() => setFailed(true)} sx={{ width: '100%', aspectRatio: '16 / 9', bgcolor: '#000', borderRadius: 1 }} data-testid="admin-entry-video" />
              <Typography variant="caption" color="text.secondary">
                {translate(t('roles.video'))} · {video.fileName} · {describe(video)}
              </Typography>
            </Box>
          )}
          {cover?.url && (
            <Box>
              <Box component="a" href={cover.url} target="_blank" rel="noreferrer noopener" sx={{ display: 'block' }}>
                <Box component="img" src={cover.url} alt={cover.fileName} onError={() => setFailed(true)} sx={{ display: 'block', width: '100%', aspectRatio: '16 / 9', objectFit: 'cover', borderRadius: 1, border: 1, borderColor: 'divider' }} data-testid="admin-entry-cover" />
              </Box>
              <Typography variant="caption" color="text.secondary">
                {translate(t('roles.cover'))} · {cover.fileName} · {describe(cover)}
              </Typography>
            </Box>
          )}
        </Box>
      </Stack>
    );
  }
  return (
    <Stack spacing={1}>
      {expired}
      <Typography variant="subtitle2">{translate(t('photos_title'), { count: photos.length })}</Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))', gap: 1.5 }} data-testid="admin-entry-photos">
        {photos.map((photo, index) => (
          <Box
            key={photo.id}
            component="a"
            href={photo.url ?? undefined}
            target="_blank"
            rel="noreferrer noopener"
            title={`${index + 1} · ${photo.fileName} · ${describe(photo)}`}
            sx={{ position: 'relative', display: 'block', aspectRatio: '4 / 3', border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'action.hover', overflow: 'hidden' }}
          >
            {photo.url && <Box component="img" src={photo.url} alt={`${index + 1}`} loading="lazy" onError={() => setFailed(true)} sx={{ display: 'block', width: '100%', height: '100%', objectFit: 'contain' }} data-testid="admin-entry-photo" />}
            <Typography variant="caption" sx={{ position: 'absolute', left: 6, bottom: 4, px: 0.5, borderRadius: 0.5, bgcolor: 'rgba(0,0,0,0.55)', color: '#fff' }}>
              {index + 1}
              {index === 0 ? ` · ${translate(t('first_photo'))}` : ''} · {photo.width}×{photo.height}
            </Typography>
          </Box>
        ))}
      </Box>
    </Stack>
  );
}
