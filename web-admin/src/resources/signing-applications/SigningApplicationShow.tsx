import type { SigningReviewDetail } from '@mkt/contracts';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import {
  Alert,
  Box,
  CardContent,
  Checkbox,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControlLabel,
  FormGroup,
  Grid,
  Link as MuiLink,
  Button as MuiButton,
  Stack,
  Typography,
} from '@mui/material';
import { useState, type ReactNode } from 'react';
import { Button, Link, ListButton, Show, TopToolbar, useCreatePath, useDataProvider, useNotify, useRecordContext, useRedirect, useRefresh, useTranslate } from 'react-admin';
import { formatShanghai } from '../../common/time';
import type { ConsoleDataProvider } from '../../providers/dataProvider';
import { RejectReasonDialog } from '../../common/RejectReasonDialog';
import { StatusChip } from './fields';
import { approvalRights, awaitsVerdict } from './signing';

const RESOURCE = 'signing-applications';
const text = (key: string) => `resources.${RESOURCE}.${key}`;

const ShowActions = () => {
  const record = useRecordContext<SigningReviewDetail>();
  return (
    <TopToolbar>
      <ListButton />
      {record && awaitsVerdict(record.status) && (
        <>
          <ApproveButton record={record} />
          <RejectButton record={record} />
        </>
      )}
    </TopToolbar>
  );
};

/** Each opening hands out fresh links and is recorded in the audit log, so nothing refetches behind the reviewer's back. */
export const SigningApplicationShow = () => (
  <Show actions={<ShowActions />} queryOptions={{ refetchOnWindowFocus: false, refetchOnReconnect: false }}>
    <ApplicationDetail />
  </Show>
);

/** After a verdict the reviewer goes back to the queue for the next application. */
function useVerdictDone() {
  const notify = useNotify();
  const redirect = useRedirect();
  return (message: string) => {
    notify(message, { type: 'success' });
    redirect('list', RESOURCE);
  };
}

function useRefusal() {
  const translate = useTranslate();
  return (error: unknown) => (error instanceof Error ? translate(error.message, { _: error.message }) : translate('ra.notification.http_error'));
}

function ApproveButton({ record }: { record: SigningReviewDetail }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button label={text('approve.button')} onClick={() => setOpen(true)} data-testid="admin-signing-approve">
        <CheckIcon />
      </Button>
      {open && <ApproveDialog record={record} onClose={() => setOpen(false)} />}
    </>
  );
}

/** Staff choose the upload rights the new contributor gets: video, photo or both. */
function ApproveDialog({ record, onClose }: { record: SigningReviewDetail; onClose: () => void }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const done = useVerdictDone();
  const describe = useRefusal();
  const [video, setVideo] = useState(true);
  const [photo, setPhoto] = useState(true);
  const [pending, setPending] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const rights = approvalRights(video, photo);

  const approve = async () => {
    if (!rights) return;
    setPending(true);
    setRefusal(null);
    try {
      await dataProvider.approveSigning(record.id, rights);
      done(text('approve.done'));
    } catch (error) {
      // Shown in the dialog: a notification would sit behind its backdrop.
      setRefusal(describe(error));
      setPending(false);
    }
  };

  return (
    <Dialog open onClose={pending ? undefined : onClose} fullWidth maxWidth="sm" data-testid="admin-signing-approve-dialog">
      <DialogTitle>{translate(text('approve.title'))}</DialogTitle>
      <DialogContent>
        <DialogContentText variant="body2">{translate(text('approve.help'), { name: record.realName })}</DialogContentText>
        <FormGroup sx={{ mt: 2 }}>
          <FormControlLabel
            control={<Checkbox checked={video} onChange={(event) => setVideo(event.target.checked)} slotProps={{ input: { 'data-testid': 'admin-signing-video-flag' } as object }} />}
            label={translate(text('approve.video'))}
          />
          <FormControlLabel
            control={<Checkbox checked={photo} onChange={(event) => setPhoto(event.target.checked)} slotProps={{ input: { 'data-testid': 'admin-signing-photo-flag' } as object }} />}
            label={translate(text('approve.photo'))}
          />
        </FormGroup>
        {!rights && (
          <Alert severity="warning" sx={{ mt: 1 }}>
            {translate(text('approve.rights_required'))}
          </Alert>
        )}
        {refusal && (
          <Alert severity="error" sx={{ mt: 2 }} data-testid="admin-signing-approve-error">
            {refusal}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <MuiButton onClick={onClose} disabled={pending}>
          {translate('ra.action.cancel')}
        </MuiButton>
        <MuiButton variant="contained" color="success" onClick={approve} disabled={!rights || pending} data-testid="admin-signing-approve-submit">
          {translate(text('approve.submit'))}
        </MuiButton>
      </DialogActions>
    </Dialog>
  );
}

function RejectButton({ record }: { record: SigningReviewDetail }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button label={text('reject.button')} onClick={() => setOpen(true)} data-testid="admin-signing-reject">
        <CloseIcon />
      </Button>
      {open && <RejectDialog record={record} onClose={() => setOpen(false)} />}
    </>
  );
}

function RejectDialog({ record, onClose }: { record: SigningReviewDetail; onClose: () => void }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const done = useVerdictDone();
  const describe = useRefusal();
  return (
    <RejectReasonDialog
      testId="admin-signing-reject"
      title={translate(text('reject.title'))}
      help={translate(text('reject.help'), { name: record.realName })}
      reasonLabel={translate(text('reject.reason'))}
      submitLabel={translate(text('reject.submit'))}
      send={async (reason) => {
        await dataProvider.rejectSigning(record.id, reason);
        done(text('reject.done'));
      }}
      describeRefusal={describe}
      onClose={onClose}
    />
  );
}

function Item({ label, children, testId, wide = false }: { label: string; children: ReactNode; testId?: string; wide?: boolean }) {
  const translate = useTranslate();
  return (
    <Grid size={wide ? 12 : { xs: 12, sm: 6, md: 4 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {translate(label)}
      </Typography>
      <Typography variant="body2" component="div" data-testid={testId} sx={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
        {children}
      </Typography>
    </Grid>
  );
}

function Heading({ children }: { children: ReactNode }) {
  return (
    <Typography variant="subtitle1" color="primary" sx={{ fontWeight: 600 }}>
      {children}
    </Typography>
  );
}

function ApplicationDetail() {
  const record = useRecordContext<SigningReviewDetail>();
  const translate = useTranslate();
  const createPath = useCreatePath();
  if (!record) return null;
  const field = (name: string) => text(`fields.${name}`);
  const words = (kind: 'creationForms' | 'themes', values: string[]) => (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
      {values.map((value) => (
        <Chip key={value} size="small" label={translate(text(`${kind}.${value}`), { _: value })} />
      ))}
    </Stack>
  );
  const link = (url: string) => (
    <MuiLink href={url} target="_blank" rel="noreferrer noopener">
      {url}
    </MuiLink>
  );
  return (
    <CardContent>
      <Stack spacing={3}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="h6" data-testid="admin-signing-name">
            {record.realName}
          </Typography>
          <StatusChip />
          {record.status === 'approved' && (
            <Typography variant="body2" color="text.secondary">
              {translate(text('granted'), {
                rights: [record.grantedVideoFlag && translate(text('approve.video')), record.grantedPhotoFlag && translate(text('approve.photo'))].filter(Boolean).join(' · '),
              })}
            </Typography>
          )}
        </Stack>
        <Grid container spacing={2}>
          <Item label={field('id')}>{record.id}</Item>
          <Item label={field('nickname')}>
            <Link to={createPath({ resource: 'users', id: record.userId, type: 'show' })}>{record.nickname || record.userId}</Link>
          </Item>
          <Item label={field('submittedAt')}>{formatShanghai(record.submittedAt)}</Item>
          <Item label={field('idNumberMasked')}>
            <Box component="span" sx={{ fontFamily: 'monospace' }}>
              {record.idNumberMasked}
            </Box>
          </Item>
          <Item label={field('wechatId')}>{record.wechatId}</Item>
          <Item label={field('address')}>{record.address}</Item>
          <Item label={field('quantity')}>{record.quantity}</Item>
          <Item label={field('reviewedAt')}>{formatShanghai(record.reviewedAt) || '—'}</Item>
          <Item label={field('reviewedBy')}>{record.reviewedBy ?? '—'}</Item>
          {record.rejectReason && (
            <Item label={field('rejectReason')} wide>
              <Typography color="warning.main" variant="body2" component="span">
                {record.rejectReason}
              </Typography>
            </Item>
          )}
          <Item label={field('creationForms')} wide>
            {words('creationForms', record.creationForms)}
          </Item>
          <Item label={field('themes')} wide>
            {words('themes', record.themes)}
          </Item>
          <Item label={field('platforms')} wide>
            {record.platforms.map((entry) => (
              <div key={entry.url}>
                {translate(text(`platforms.${entry.platform}`), { _: entry.platform })}: {link(entry.url)}
              </div>
            ))}
          </Item>
          <Item label={field('videoLinks')} wide>
            {record.videoLinks.length ? record.videoLinks.map((url) => <div key={url}>{link(url)}</div>) : '—'}
          </Item>
        </Grid>
        <Profile record={record} />
        <Images record={record} />
      </Stack>
    </CardContent>
  );
}

function Profile({ record }: { record: SigningReviewDetail }) {
  const translate = useTranslate();
  const profile = record.profile;
  const field = (name: string) => text(`fields.${name}`);
  return (
    <Box>
      <Heading>{translate(text('profile'))}</Heading>
      {!profile ? (
        <Typography variant="body2">—</Typography>
      ) : (
        <Grid container spacing={2} sx={{ mt: 0 }}>
          <Item label={field('residentArea')}>{profile.residentArea || '—'}</Item>
          <Item label={field('mainServices')}>{profile.mainServices || '—'}</Item>
          <Item label={field('socialAccounts')}>{profile.socialAccounts || '—'}</Item>
          <Item label={field('intro')} wide>
            {profile.intro || '—'}
          </Item>
          <Item label={field('resume')}>
            {record.resumeUrl ? (
              <MuiLink href={record.resumeUrl} target="_blank" rel="noreferrer noopener" data-testid="admin-signing-resume">
                {translate(text('open_resume'))}
              </MuiLink>
            ) : (
              '—'
            )}
          </Item>
        </Grid>
      )}
    </Box>
  );
}

/** The images side by side through links that work five minutes; each opens the file itself. */
function Images({ record }: { record: SigningReviewDetail }) {
  const translate = useTranslate();
  const refresh = useRefresh();
  const [failed, setFailed] = useState(false);
  // The list's copy of the record has no links; the page's own fetch brings them.
  if (!record.images) return null;
  return (
    <Box>
      <Heading>{translate(text('images_title'), { count: record.images.length })}</Heading>
      {failed && (
        <Alert
          severity="info"
          sx={{ my: 1 }}
          action={
            <MuiButton color="inherit" size="small" onClick={() => (setFailed(false), refresh())}>
              {translate(text('reload'))}
            </MuiButton>
          }
        >
          {translate(text('links_expired'))}
        </Alert>
      )}
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))', gap: 1.5, mt: 1 }} data-testid="admin-signing-images">
        {record.images.map((image, index) => (
          <Box
            key={image.id}
            component="a"
            href={image.url}
            target="_blank"
            rel="noreferrer noopener"
            title={`${index + 1} · ${image.width}×${image.height} · ${(image.size / 1024 / 1024).toFixed(1)} MB`}
            sx={{ position: 'relative', display: 'block', aspectRatio: '4 / 3', border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'action.hover', overflow: 'hidden' }}
          >
            <Box
              component="img"
              src={image.previewUrl}
              alt={`${index + 1}`}
              loading="lazy"
              onError={() => setFailed(true)}
              referrerPolicy="no-referrer"
              sx={{ display: 'block', width: '100%', height: '100%', objectFit: 'contain' }}
              data-testid="admin-signing-image"
            />
            <Typography variant="caption" sx={{ position: 'absolute', left: 6, bottom: 4, px: 0.5, borderRadius: 0.5, bgcolor: 'rgba(0,0,0,0.55)', color: '#fff' }}>
              {index + 1} · {image.width}×{image.height}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
