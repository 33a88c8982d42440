import { CONTEST_PHASES, formatAverageScore, formatFen, type StandingView } from '@mkt/contracts';
import { Alert, Box, Chip, Grid, Stack, Table, TableBody, TableCell, TableHead, TableRow, Tooltip, Typography } from '@mui/material';
import { useEffect, useState, type ReactNode } from 'react';
import {
  CreateButton,
  DataTable,
  EditButton,
  FunctionField,
  Link,
  RecordContextProvider,
  ListButton,
  Pagination,
  ReferenceManyField,
  Show,
  TabbedShowLayout,
  TopToolbar,
  useCreatePath,
  useLocaleState,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { IrreversibleButton } from '../../common/IrreversibleButton';
import { pickLanguage } from '../../common/localized';
import { ShanghaiDateField } from '../../common/ShanghaiDateField';
import { formatShanghai } from '../../common/time';
import { UserField } from '../../common/UserField';
import { contestCalls } from './contestCalls';
import { canPublish, isLocked, totalCashFen, type ContestRecord } from './contestSetup';
import { EntryStatusChip } from './entries/entryParts';
import { JudgeStatusChip, RevokeJudgeButton } from './judges/judgeParts';
import { StageChip } from './StageChip';

const t = (key: string) => `resources.contests.${key}`;

/** A refusal as the server worded it (already in the console's language), else react-admin's generic message. */
export function useRefusalNotice() {
  const notify = useNotify();
  return (error: unknown) => notify(error instanceof Error ? error.message : 'ra.notification.http_error', { type: 'error' });
}

const ShowActions = () => {
  const record = useRecordContext<ContestRecord>();
  return (
    <TopToolbar>
      <ListButton />
      {record && !isLocked(record) && <EditButton data-testid="admin-contest-edit" />}
      {record && <PublishButton record={record} />}
    </TopToolbar>
  );
};

/** Ranks, prizes and points are given once, after the review: asked once more, naming the contest. */
function PublishButton({ record }: { record: ContestRecord }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refusal = useRefusalNotice();
  const refresh = useRefresh();
  const [locale] = useLocaleState();
  if (isLocked(record)) return null;
  const ready = canPublish(record, new Date());
  const publish = async () => {
    try {
      const published = await contestCalls.publishResults(record.id);
      notify(t('publish.done'), { type: 'success', messageArgs: { ranked: published.ranked, awards: published.awards, participants: published.participants } });
      refresh();
    } catch (error) {
      refusal(error);
    }
  };
  // A disabled button shows no tooltip of its own: the span carries it.
  return (
    <Tooltip title={ready ? '' : translate(t('publish.not_yet'), { at: formatShanghai(record.phases.review.endsAt) })}>
      <span>
        <IrreversibleButton
          label={t('publish.button')}
          title={t('publish.title')}
          content={t('publish.content')}
          translateOptions={{ title: pickLanguage(record.titleZh, record.titleEn, locale) }}
          onConfirm={publish}
          testId="admin-contest-publish"
          disabled={!ready}
          variant="contained"
          size="small"
          color="primary"
          sx={{ ml: 1 }}
        />
      </span>
    </Tooltip>
  );
}

export const ContestShow = () => (
  <Show actions={<ShowActions />}>
    <TabbedShowLayout>
      <TabbedShowLayout.Tab label={t('tabs.overview')}>
        <Overview />
      </TabbedShowLayout.Tab>
      <TabbedShowLayout.Tab label={t('tabs.standings')} path="standings" data-testid="admin-contest-tab-standings">
        <Standings />
      </TabbedShowLayout.Tab>
      <TabbedShowLayout.Tab label={t('tabs.judges')} path="judges" data-testid="admin-contest-tab-judges">
        <Judges />
      </TabbedShowLayout.Tab>
      <TabbedShowLayout.Tab label={t('tabs.entries')} path="entries" data-testid="admin-contest-tab-entries">
        <Entries />
      </TabbedShowLayout.Tab>
    </TabbedShowLayout>
  </Show>
);

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

function Heading({ children }: { children: ReactNode }) {
  return (
    <Typography variant="subtitle1" color="primary" sx={{ fontWeight: 600, mt: 1 }}>
      {children}
    </Typography>
  );
}

/** The contest's tracks by id, titled in the console's language: standings, judges and entries name tracks by id. */
export function useTrackTitles(record: ContestRecord | undefined): (trackId: number | null) => string {
  const [locale] = useLocaleState();
  const translate = useTranslate();
  return (trackId) => {
    if (trackId === null) return translate(t('whole_contest'));
    const track = record?.tracks.find((candidate) => candidate.id === trackId);
    return track ? pickLanguage(track.titleZh, track.titleEn, locale) : `#${trackId}`;
  };
}

function Overview() {
  const record = useRecordContext<ContestRecord>();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  if (!record) return null;
  const now = Date.now();
  const both = (zh: string, en: string) => (
    <>
      {pickLanguage(zh, en, locale) || '—'}
      <Typography component="div" variant="caption" color="text.secondary">
        {pickLanguage(zh, en, locale === 'en' ? 'zh-CN' : 'en')}
      </Typography>
    </>
  );
  return (
    <Stack spacing={2} data-testid="admin-contest-overview">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography variant="h6" data-testid="admin-contest-title">
          {pickLanguage(record.titleZh, record.titleEn, locale)}
        </Typography>
        <StageChip stage={record.stage} />
        {record.resultsPublishedAt && <Chip size="small" color="success" variant="outlined" label={translate(t('published_at'), { at: formatShanghai(record.resultsPublishedAt) })} />}
      </Stack>
      {record.bannerUrl && <Box component="img" src={record.bannerUrl} alt="" referrerPolicy="no-referrer" sx={{ maxWidth: 560, maxHeight: 180, objectFit: 'cover', borderRadius: 1 }} />}
      <Grid container spacing={2}>
        <Item label={t('fields.id')}>{record.id}</Item>
        <Item label={t('fields.maxScore')}>{translate(t('max_score_value'), { max: record.maxScore, base: record.rubricBase })}</Item>
        <Item label={t('fields.pointsPool')}>{record.pointsPool.toLocaleString('en-US')}</Item>
        <Item label={t('fields.winnerInfoDays')}>{record.winnerInfoDays}</Item>
        <Item label={t('fields.entriesPerTrack')} testId="admin-contest-entries-per-track">
          {record.entriesPerTrack}
        </Item>
        <Item label={t('track.rules')} wide>
          {both(record.rulesZh, record.rulesEn)}
        </Item>
      </Grid>

      <Heading>{translate(t('sections.phases'))}</Heading>
      <Table size="small" sx={{ maxWidth: 720 }} data-testid="admin-contest-phase-table">
        <TableHead>
          <TableRow>
            <TableCell>{translate(t('fields.phase'))}</TableCell>
            <TableCell>{translate(t('fields.startsAt'))}</TableCell>
            <TableCell>{translate(t('fields.endsAt'))}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {CONTEST_PHASES.map((phase) => {
            const window = record.phases[phase];
            const current = now >= Date.parse(window.startsAt) && now < Date.parse(window.endsAt);
            return (
              <TableRow key={phase} selected={current}>
                <TableCell sx={{ fontWeight: current ? 600 : undefined }}>{translate(t(`phases.${phase}`))}</TableCell>
                <TableCell>{formatShanghai(window.startsAt)}</TableCell>
                <TableCell>{formatShanghai(window.endsAt)}</TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>

      <Heading>{translate(t('sections.tracks'))}</Heading>
      <Table size="small" data-testid="admin-contest-track-table">
        <TableHead>
          <TableRow>
            <TableCell>#</TableCell>
            <TableCell>{translate(t('track.kind'))}</TableCell>
            <TableCell>{translate(t('fields.title'))}</TableCell>
            <TableCell>{translate(t('track.rules'))}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {record.tracks.map((track, index) => (
            <TableRow key={track.id ?? index}>
              <TableCell>{index + 1}</TableCell>
              <TableCell>{translate(t(`kinds.${track.kind}`))}</TableCell>
              <TableCell>{both(track.titleZh, track.titleEn)}</TableCell>
              <TableCell sx={{ whiteSpace: 'pre-line', maxWidth: 520 }}>{pickLanguage(track.rulesZh, track.rulesEn, locale) || '—'}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>

      <Heading>{translate(t('sections.prizes'))}</Heading>
      {record.prizes.length === 0 ? (
        <Typography variant="body2">{translate(t('no_prizes'))}</Typography>
      ) : (
        <Table size="small" data-testid="admin-contest-prize-table">
          <TableHead>
            <TableRow>
              <TableCell>{translate(t('prize.trackIndex'))}</TableCell>
              <TableCell>{translate(t('prize.place'))}</TableCell>
              <TableCell>{translate(t('fields.title'))}</TableCell>
              <TableCell align="right">{translate(t('prize.winners'))}</TableCell>
              <TableCell align="right">{translate(t('prize.cash'))}</TableCell>
              <TableCell>{translate(t('prize.goods'))}</TableCell>
              <TableCell>{translate(t('prize.eligibility'))}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {record.prizes.map((prize, index) => {
              const track = prize.trackIndex === null ? null : record.tracks[prize.trackIndex];
              return (
                <TableRow key={index}>
                  <TableCell>{track ? pickLanguage(track.titleZh, track.titleEn, locale) : translate(t('whole_contest'))}</TableCell>
                  <TableCell>{prize.place}</TableCell>
                  <TableCell>{pickLanguage(prize.titleZh, prize.titleEn, locale)}</TableCell>
                  <TableCell align="right">{prize.winners}</TableCell>
                  <TableCell align="right">{formatFen(prize.cashFen)}</TableCell>
                  <TableCell>{pickLanguage(prize.goodsZh, prize.goodsEn, locale) || '—'}</TableCell>
                  <TableCell>{translate(t(`eligibilities.${prize.eligibility}`))}</TableCell>
                </TableRow>
              );
            })}
            <TableRow>
              <TableCell colSpan={4} sx={{ fontWeight: 600 }}>
                {translate(t('fields.cashTotal'))}
              </TableCell>
              <TableCell align="right" sx={{ fontWeight: 600 }}>
                {formatFen(totalCashFen(record.prizes))}
              </TableCell>
              <TableCell colSpan={2} />
            </TableRow>
          </TableBody>
        </Table>
      )}
    </Stack>
  );
}

/** The standings as they would be published now (or as they were, once published), best first per track. */
function Standings() {
  const record = useRecordContext<ContestRecord>();
  const translate = useTranslate();
  const createPath = useCreatePath();
  const trackTitle = useTrackTitles(record);
  const [data, setData] = useState<StandingView[] | null>(null);
  const [error, setError] = useState<Error | null>(null);
  const contestId = record?.id;
  // Read again whenever the contest is (publishing refreshes it): the standings follow the scores.
  const version = record?.updatedAt + String(record?.resultsPublishedAt);
  useEffect(() => {
    if (contestId === undefined) return;
    let current = true;
    contestCalls.standings(contestId).then(
      (rows) => current && (setData(rows), setError(null)),
      (failure: unknown) => current && setError(failure instanceof Error ? failure : new Error(String(failure))),
    );
    return () => {
      current = false;
    };
  }, [contestId, version]);
  if (!record) return null;
  if (error) return <Alert severity="error">{error.message}</Alert>;
  if (!data) return <Typography variant="body2">{translate('ra.page.loading')}</Typography>;
  const rows = [...(data ?? [])].sort((a, b) => (a.trackId - b.trackId) || ((a.rank ?? Infinity) - (b.rank ?? Infinity)) || (a.entryId - b.entryId));
  const order = new Map(record.tracks.map((track, index) => [track.id, index]));
  rows.sort((a, b) => (order.get(a.trackId) ?? 99) - (order.get(b.trackId) ?? 99));
  return (
    <Stack spacing={1}>
      <Typography variant="body2" color="text.secondary">
        {translate(record.resultsPublishedAt ? t('standings.published') : t('standings.preview'), { max: record.maxScore, base: record.rubricBase, at: formatShanghai(record.phases.review.endsAt) })}
      </Typography>
      {rows.length === 0 ? (
        <Typography variant="body2">{translate(t('standings.empty'))}</Typography>
      ) : (
        <Table size="small" data-testid="admin-contest-standings">
          <TableHead>
            <TableRow>
              <TableCell>{translate(t('standings.track'))}</TableCell>
              <TableCell align="right">{translate(t('standings.rank'))}</TableCell>
              <TableCell>{translate(t('standings.place'))}</TableCell>
              <TableCell>{translate(t('standings.entry'))}</TableCell>
              <TableCell align="right">{translate(t('standings.scores'))}</TableCell>
              <TableCell align="right">{translate(t('standings.average'), { base: record.rubricBase })}</TableCell>
              <TableCell>{translate(t('standings.user'))}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row: StandingView) => (
              <TableRow key={row.entryId} data-testid="admin-contest-standing" data-place={row.place ?? ''}>
                <TableCell>{trackTitle(row.trackId)}</TableCell>
                <TableCell align="right">{row.rank ?? '—'}</TableCell>
                <TableCell>{row.place ? <Chip size="small" color="warning" label={translate(t('standings.place_value'), { place: row.place })} /> : '—'}</TableCell>
                <TableCell>
                  <Link to={createPath({ resource: 'contest-entries', id: row.entryId, type: 'show' })}>
                    #{row.entryId} {row.title}
                  </Link>
                </TableCell>
                <TableCell align="right">{row.scores}</TableCell>
                <TableCell align="right" data-testid="admin-contest-standing-average">{formatAverageScore(row.averageScore)}</TableCell>
                <TableCell>
                  <RecordContextProvider value={row}>
                    <UserField source="userId" />
                  </RecordContextProvider>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Stack>
  );
}

function Judges() {
  const record = useRecordContext<ContestRecord>();
  const translate = useTranslate();
  const trackTitle = useTrackTitles(record);
  if (!record) return null;
  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }}>
          {translate(t('judges_help'))}
        </Typography>
        <CreateButton resource="contest-judges" state={{ record: { contestId: record.id } }} label={t('add_judge')} data-testid="admin-contest-add-judge" />
      </Stack>
      <ReferenceManyField reference="contest-judges" target="contestId" sort={{ field: 'createdAt', order: 'DESC' }} perPage={50}>
        <DataTable bulkActionButtons={false} rowClick={false} empty={<Typography variant="body2">{translate(t('no_judges'))}</Typography>}>
          <DataTable.Col source="name" label="resources.contest-judges.fields.name" />
          <DataTable.Col source="trackIds" label="resources.contest-judges.fields.trackIds">
            <FunctionField<{ trackIds: number[] }> render={(judge) => judge.trackIds.map(trackTitle).join(' · ')} />
          </DataTable.Col>
          <DataTable.Col source="keyHint" label="resources.contest-judges.fields.keyHint">
            <FunctionField<{ keyHint: string }> render={(judge) => <Box component="span" sx={{ fontFamily: 'monospace' }}>…{judge.keyHint}</Box>} />
          </DataTable.Col>
          <DataTable.Col source="revokedAt" label="resources.contest-judges.fields.status">
            <JudgeStatusChip />
          </DataTable.Col>
          <DataTable.Col source="createdAt" label="resources.contest-judges.fields.createdAt" field={ShanghaiDateField} />
          <DataTable.Col align="right">
            <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
              <EditButton resource="contest-judges" />
              <RevokeJudgeButton />
            </Stack>
          </DataTable.Col>
        </DataTable>
      </ReferenceManyField>
    </Stack>
  );
}

function Entries() {
  const record = useRecordContext<ContestRecord>();
  const translate = useTranslate();
  const trackTitle = useTrackTitles(record);
  if (!record) return null;
  return (
    <ReferenceManyField reference="contest-entries" target="contestId" sort={{ field: 'id', order: 'DESC' }} perPage={25} pagination={<Pagination />}>
      <DataTable bulkActionButtons={false} rowClick="show" empty={<Typography variant="body2">{translate(t('no_entries'))}</Typography>}>
        <DataTable.NumberCol source="id" label="resources.contest-entries.fields.id" />
        <DataTable.Col source="status" label="resources.contest-entries.fields.status">
          <EntryStatusChip />
        </DataTable.Col>
        <DataTable.Col source="title" label="resources.contest-entries.fields.title" />
        <DataTable.Col source="trackId" label="resources.contest-entries.fields.trackId">
          <FunctionField<{ trackId: number }> render={(entry) => trackTitle(entry.trackId)} />
        </DataTable.Col>
        <DataTable.Col source="signature" label="resources.contest-entries.fields.signature" />
        <DataTable.Col source="submittedAt" label="resources.contest-entries.fields.submittedAt" field={ShanghaiDateField} />
      </DataTable>
    </ReferenceManyField>
  );
}
