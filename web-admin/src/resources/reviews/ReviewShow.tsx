import { FILTER_LABELS, splitKeywords, type DetailFilter, type RevealedRelease, type ReviewRecord } from '@mkt/contracts';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import { Box, Checkbox, Chip, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, Grid, Link, TextField as MuiTextField, Typography } from '@mui/material';
import { useState } from 'react';
import {
  Button,
  FunctionField,
  ListButton,
  NumberField,
  RecordContextProvider,
  ReferenceField,
  Show,
  SimpleShowLayout,
  TextField,
  TopToolbar,
  useCanAccess,
  useDataProvider,
  useLocaleState,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
  useUpdate,
} from 'react-admin';
import { Picture } from '../../common/media';
import { Section } from '../../common/Section';
import { ShanghaiDateField } from '../../common/ShanghaiDateField';
import { UserField } from '../../common/UserField';
import type { ConsoleDataProvider } from '../../providers/dataProvider';
import { TranslatedField } from '../materials/fields';

/** Approve (publish into the catalogue) or reject with a reason the contributor sees. */
const DecisionButtons = () => {
  const record = useRecordContext<ReviewRecord>();
  const translate = useTranslate();
  const { canAccess } = useCanAccess({ resource: 'reviews', action: 'edit' });
  const [update, { isPending }] = useUpdate<ReviewRecord>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [approving, setApproving] = useState(false);
  const [text, setText] = useState({ titleZh: '', titleEn: '', keywordsZh: '', keywordsEn: '' });
  const [editorialOnly, setEditorialOnly] = useState(false);
  if (!record || !canAccess || record.status !== 'waiting') return null;
  // The contributor's details as the starting point; the reviewer corrects them or, when the
  // contributor gave none, writes the titles (the server refuses an approval without them).
  const startApproving = () => {
    setText({ titleZh: record.titleZh, titleEn: record.titleEn, keywordsZh: record.keywordsZh.join(', '), keywordsEn: record.keywordsEn.join(', ') });
    setEditorialOnly(record.releases.editorialOnly || record.missingReleases.length > 0);
    setApproving(true);
  };
  const approval = () => ({
    decision: 'approve',
    titleZh: text.titleZh.trim(),
    titleEn: text.titleEn.trim(),
    keywordsZh: splitKeywords(text.keywordsZh),
    keywordsEn: splitKeywords(text.keywordsEn),
    editorialOnly,
  });
  const decide = (data: object) =>
    update(
      'reviews',
      { id: record.id, data, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          notify('app.review.done', { type: 'info' });
          setRejecting(false);
          setApproving(false);
          refresh();
        },
        onError: (error) => notify(error instanceof Error ? error.message : 'ra.notification.http_error', { type: 'error' }),
      },
    );
  return (
    <>
      <Button label="app.review.approve" onClick={startApproving} disabled={isPending} data-testid="review-approve">
        <CheckIcon />
      </Button>
      <Dialog open={approving} onClose={() => setApproving(false)} fullWidth maxWidth="sm">
        <DialogTitle>{translate('app.review.approve_title')}</DialogTitle>
        <DialogContent>
          {!record.detailsAt && (
            <Typography color="warning.main" variant="body2" sx={{ mb: 1 }} data-testid="review-details-missing">
              {translate('app.review.details_missing')}
            </Typography>
          )}
          {(['titleZh', 'titleEn', 'keywordsZh', 'keywordsEn'] as const).map((name) => (
            <MuiTextField
              key={name}
              fullWidth
              label={translate(`resources.reviews.fields.${name}`)}
              value={text[name]}
              onChange={(event) => setText((current) => ({ ...current, [name]: event.target.value }))}
              slotProps={{ htmlInput: { maxLength: name.startsWith('title') ? 100 : 2000, 'data-testid': `review-${name}` } }}
              sx={{ mt: 1.5 }}
            />
          ))}
          {/* Without the releases the declaration calls for, the material is sold for editorial use only (the server insists too). */}
          <FormControlLabel
            sx={{ mt: 1.5 }}
            control={<Checkbox checked={editorialOnly} disabled={record.missingReleases.length > 0} onChange={(event) => setEditorialOnly(event.target.checked)} slotProps={{ input: { 'data-testid': 'review-editorial-only' } as object }} />}
            label={translate('app.review.editorial_only')}
          />
          {record.missingReleases.length > 0 && (
            <Typography color="warning.main" variant="body2" data-testid="review-editorial-required">
              {translate('app.review.editorial_only_required')}
            </Typography>
          )}
        </DialogContent>
        <DialogActions>
          <Button label="ra.action.cancel" onClick={() => setApproving(false)} />
          <Button label="app.review.approve" onClick={() => decide(approval())} disabled={isPending || !text.titleZh.trim() || !text.titleEn.trim()} data-testid="review-approve-ok" />
        </DialogActions>
      </Dialog>
      <Button label="app.review.reject" onClick={() => setRejecting(true)} disabled={isPending} data-testid="review-reject">
        <CloseIcon />
      </Button>
      <Dialog open={rejecting} onClose={() => setRejecting(false)} fullWidth maxWidth="sm">
        <DialogTitle>{translate('app.review.reject_title')}</DialogTitle>
        <DialogContent>
          <MuiTextField
            autoFocus
            fullWidth
            multiline
            minRows={3}
            label={translate('app.review.reason')}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            slotProps={{ htmlInput: { maxLength: 500, 'data-testid': 'review-reason' } }}
            sx={{ mt: 1 }}
          />
        </DialogContent>
        <DialogActions>
          <Button label="ra.action.cancel" onClick={() => setRejecting(false)} />
          <Button label="app.review.reject" onClick={() => decide({ decision: 'reject', reason: reason.trim() })} disabled={isPending || reason.trim() === ''} data-testid="review-reject-ok" />
        </DialogActions>
      </Dialog>
    </>
  );
};

const ShowActions = () => (
  <TopToolbar>
    <ListButton />
    <DecisionButtons />
  </TopToolbar>
);

/** The 480p preview (videos, through a short-lived signed link) or the photo's watermarked sample. */
const Preview = () => {
  const record = useRecordContext<ReviewRecord>();
  if (!record) return null;
  if (record.kind === 'video' && record.previewUrl) {
    return <Box component="video" src={record.previewUrl} poster={record.thumbnailUrl ?? undefined} controls muted sx={{ width: '100%', borderRadius: 1, bgcolor: '#000' }} data-testid="review-preview" />;
  }
  return <Box component="img" src={record.previewUrl ?? record.thumbnailUrl ?? undefined} alt="" sx={{ width: '100%', borderRadius: 1 }} data-testid="review-preview" />;
};

/** What the contributor wrote in the details step: titles, keywords, description, category, filters. */
const Details = () => {
  const record = useRecordContext<ReviewRecord>();
  const translate = useTranslate();
  const locale = useLocaleState()[0] === 'en' ? 'en' : 'zh-CN';
  if (!record) return null;
  const labels = FILTER_LABELS[locale];
  const chosen = Object.entries(record.filters ?? {}) as [DetailFilter, string[]][];
  return (
    <Box data-testid="review-details" sx={{ mb: 2 }}>
      {!record.detailsAt && (
        <Typography color="warning.main" variant="body2" sx={{ mb: 1 }}>
          {translate('app.review.details_missing')}
        </Typography>
      )}
      <SimpleShowLayout sx={{ px: 0, pt: 0.5 }}>
        <TextField source="titleZh" emptyText="—" />
        <TextField source="titleEn" emptyText="—" />
        <FunctionField source="keywordsZh" render={(r: ReviewRecord) => r.keywordsZh.join('、') || '—'} />
        <FunctionField source="keywordsEn" render={(r: ReviewRecord) => r.keywordsEn.join(', ') || '—'} />
        <TextField source="descriptionZh" emptyText="—" />
        <TextField source="descriptionEn" emptyText="—" />
        <ReferenceField source="categoryId" reference="categories" emptyText="—" link={false}>
          <FunctionField render={(category: { nameZh?: string; nameEn?: string }) => (locale === 'en' ? category.nameEn : category.nameZh) ?? '—'} />
        </ReferenceField>
      </SimpleShowLayout>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }} data-testid="review-filters">
        {chosen.flatMap(([name, values]) =>
          values.map((value) => (
            <Chip key={`${name}-${value}`} size="small" label={`${labels.names[name]}: ${(labels.values[name] as Record<string, string>)[value] ?? value}`} />
          )),
        )}
      </Box>
    </Box>
  );
};

/** m:ss of a time in a clip. */
const timeCode = (ms: number) => {
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
};

/** Near-duplicates (another contributor's file, or the same contributor's sent before): this upload and each match side by side. */
const Duplicates = () => {
  const record = useRecordContext<ReviewRecord>();
  const translate = useTranslate();
  if (!record || record.duplicates.length === 0) return null;
  return (
    <Box data-testid="review-duplicates" sx={{ mt: 2, p: 2, border: 1, borderColor: 'error.main', borderRadius: 1 }}>
      <Typography variant="subtitle1" color="error" gutterBottom>
        {translate('app.review.duplicates_title')}
      </Typography>
      {record.duplicates.map((duplicate) => (
        <Box key={duplicate.id} sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start', mb: 1.5 }}>
          <Box>
            <Picture url={record.thumbnailUrl} width={192} height={108} />
            <Typography variant="caption">{translate('app.review.this_upload')}</Typography>
          </Box>
          <Box>
            <Picture url={duplicate.thumbnailUrl} width={192} height={108} />
            <Typography variant="caption">
              #{duplicate.id} · {duplicate.fileName}
            </Typography>
          </Box>
          <Typography variant="body2" sx={{ flex: '1 1 220px' }}>
            <strong data-testid="review-duplicate-relation">{translate(`app.review.relation.${duplicate.relation}`)}</strong>
            <br />
            {translate('app.review.distance', { distance: duplicate.distance })}
            <br />
            {duplicate.matches.length > 0 && (record.kind === 'video' || duplicate.relation !== 'same') && (
              <>
                {translate('app.review.time_codes')}{' '}
                <span data-testid="review-duplicate-times">{duplicate.matches.map((match) => `${timeCode(match.timeMs)} → ${timeCode(match.theirTimeMs)}`).join(', ')}</span>
                <br />
              </>
            )}
            {duplicate.contributorId === record.contributorId ? (
              <span data-testid="review-duplicate-owner">{translate('app.review.same_contributor')}</span>
            ) : (
              <>
                {translate('app.review.other_contributor')}{' '}
                <RecordContextProvider value={duplicate}>
                  <UserField source="contributorId" testId="review-duplicate-contributor" />
                </RecordContextProvider>
              </>
            )}
          </Typography>
        </Box>
      ))}
    </Box>
  );
};

/** What the contributor declared, the releases attached (names masked until opened, each opening audited) and what is missing. */
const Releases = () => {
  const record = useRecordContext<ReviewRecord>();
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const [opened, setOpened] = useState<Record<string, RevealedRelease>>({});
  if (!record) return null;
  const declared = (value: boolean | null) => translate(value === null ? 'app.review.releases_undeclared' : value ? 'app.review.releases_yes' : 'app.review.releases_no');
  const open = async (releaseId: string) => {
    // The window opens on the click (pop-up blockers allow that), then goes to the signed link.
    const view = window.open('', '_blank');
    try {
      const revealed = await dataProvider.revealRelease(record.id, releaseId);
      setOpened((current) => ({ ...current, [releaseId]: revealed }));
      if (view) view.location.href = revealed.url;
    } catch (error) {
      view?.close();
      notify(error instanceof Error ? error.message : 'ra.notification.http_error', { type: 'error' });
    }
  };
  return (
    <Box data-testid="review-releases" sx={{ mt: 2 }}>
      <Typography variant="subtitle2">{translate('app.review.releases_title')}</Typography>
      <Typography variant="body2" data-testid="review-declared-people">
        {translate('app.review.releases_people')}: {declared(record.releases.recognizablePeople)}
      </Typography>
      <Typography variant="body2" data-testid="review-declared-property">
        {translate('app.review.releases_property')}: {declared(record.releases.privateProperty)}
      </Typography>
      {record.attachedReleases.length === 0 && <Typography variant="body2">{translate('app.review.releases_none')}</Typography>}
      {record.attachedReleases.map((release) => (
        <Box key={release.id} sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mt: 0.5 }} data-testid="review-release">
          <Chip size="small" label={translate(`app.review.release_kind.${release.kind}`)} />
          <Typography variant="body2">{opened[release.id]?.name ?? release.name}</Typography>
          <Typography variant="body2" color="text.secondary">
            {translate('app.review.release_signed_on', { date: release.signedOn })}
          </Typography>
          <Link component="button" variant="body2" onClick={() => void open(release.id)} data-testid="review-release-open">
            {translate('app.review.release_open')}
          </Link>
        </Box>
      ))}
      {record.missingReleases.length > 0 && (
        <Typography color="warning.main" variant="body2" sx={{ mt: 1 }} data-testid="review-releases-missing">
          {translate('app.review.releases_missing', { missing: record.missingReleases.map((kind) => translate(`app.review.release_kind.${kind}`)).join(', ') })}
        </Typography>
      )}
    </Box>
  );
};

export const ReviewShow = () => (
  <Show actions={<ShowActions />}>
    <Grid container spacing={3} sx={{ p: 2 }}>
      <Grid size={{ xs: 12, md: 6 }}>
        <Preview />
        <Duplicates />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <Section title="resources.reviews.sections.file" />
        <SimpleShowLayout sx={{ px: 0, pt: 0.5 }}>
          <TextField source="id" />
          <TextField source="fileName" />
          <NumberField source="fileSize" />
          <TranslatedField source="kind" prefix="app.review.kind" />
          <TranslatedField source="status" prefix="app.review.status" />
          <TextField source="reason" emptyText="—" />
          <UserField source="contributorId" testId="review-contributor" />
          <ShanghaiDateField source="createdAt" />
        </SimpleShowLayout>
        <Section title="resources.reviews.sections.details" />
        <Details />
        <Releases />
        <Section title="resources.reviews.sections.probe" />
        <SimpleShowLayout sx={{ px: 0, pt: 0.5 }}>
          <TextField source="codec" emptyText="—" />
          <NumberField source="width" emptyText="—" />
          <NumberField source="height" emptyText="—" />
          <NumberField source="durationSeconds" emptyText="—" />
          <NumberField source="fps" emptyText="—" />
          <TextField source="colorSpace" emptyText="—" />
          <TextField source="colorTransfer" emptyText="—" />
          <TextField source="phash" emptyText="—" />
          <TextField source="originalKey" />
        </SimpleShowLayout>
      </Grid>
    </Grid>
  </Show>
);
