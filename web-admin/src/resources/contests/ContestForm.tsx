import { CONTEST_LIMITS, CONTEST_PHASES, CONTEST_TRACK_KINDS, PRIZE_ELIGIBILITIES, contestStage, formatFen, type ContestPhases } from '@mkt/contracts';
import { Alert, Box, Chip, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import RemoveIcon from '@mui/icons-material/RemoveCircleOutlineOutlined';
import { useFormContext, useWatch } from 'react-hook-form';
import {
  ArrayInput,
  Create,
  Edit,
  IconButtonWithTooltip,
  ListButton,
  NumberInput,
  SaveButton,
  SelectInput,
  ShowButton,
  SimpleForm,
  SimpleFormIterator,
  TextInput,
  Toolbar,
  TopToolbar,
  useLocaleState,
  useNotify,
  useRecordContext,
  useSimpleFormIteratorItem,
  useTranslate,
} from 'react-admin';
import { Section } from '../../common/Section';
import { ShanghaiDateTimeInput } from '../../common/ShanghaiDateTimeInput';
import { isLocked, newContestValues, prizesWithoutTrack, toSetup, totalCashFen, trackLabel, validateContest, type ContestRecord, type PrizeInput, type TrackInput } from './contestSetup';
import { StageChip } from './StageChip';
import { YuanInput } from './YuanInput';

const t = (key: string) => `resources.contests.${key}`;
const KIND_CHOICES = CONTEST_TRACK_KINDS.map((id) => ({ id, name: t(`kinds.${id}`) }));
const ELIGIBILITY_CHOICES = PRIZE_ELIGIBILITIES.map((id) => ({ id, name: t(`eligibilities.${id}`) }));
const keepEmpty = (value: string | null) => value ?? '';
const WHOLE_CONTEST = 'contest';

const Row = ({ children }: { children: ReactNode }) => (
  <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2, alignItems: 'flex-start', width: '100%' }}>{children}</Box>
);

/** Where the dates put the contest right now: staff moving phases see what the store will show. */
function StageNow() {
  const translate = useTranslate();
  const phases = useWatch({ name: 'phases' }) as ContestPhases | undefined;
  const complete = !!phases && CONTEST_PHASES.every((phase) => phases[phase]?.startsAt && phases[phase]?.endsAt && !Number.isNaN(Date.parse(phases[phase].startsAt)) && !Number.isNaN(Date.parse(phases[phase].endsAt)));
  if (!complete) return null;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', my: 1 }} data-testid="admin-contest-stage-now">
      <Typography variant="body2" color="text.secondary">
        {translate(t('stage_now'))}
      </Typography>
      <StageChip stage={contestStage(phases, new Date())} />
    </Stack>
  );
}

function PhaseInputs() {
  const translate = useTranslate();
  return (
    <Box sx={{ width: '100%' }} data-testid="admin-contest-phases">
      {CONTEST_PHASES.map((phase) => (
        <Row key={phase}>
          <Typography variant="body2" sx={{ width: 150, pt: 2.5, fontWeight: 500 }}>
            {translate(t(`phases.${phase}`))}
          </Typography>
          <ShanghaiDateTimeInput source={`phases.${phase}.startsAt`} label={t('fields.startsAt')} sx={{ width: 250 }} />
          <ShanghaiDateTimeInput source={`phases.${phase}.endsAt`} label={t('fields.endsAt')} sx={{ width: 250 }} />
        </Row>
      ))}
      <StageNow />
    </Box>
  );
}

/** Removes a track line and keeps the prizes pointing at the tracks they were given to (see prizesWithoutTrack). */
function RemoveTrackButton() {
  const { remove, index } = useSimpleFormIteratorItem();
  const { getValues, setValue } = useFormContext();
  const notify = useNotify();
  const onClick = () => {
    const { prizes, dropped } = prizesWithoutTrack((getValues('prizes') as PrizeInput[] | undefined) ?? [], index);
    remove();
    setValue('prizes', prizes, { shouldDirty: true });
    if (dropped > 0) notify(t('track_prizes_removed'), { type: 'info', messageArgs: { smart_count: dropped } });
  };
  return (
    <IconButtonWithTooltip label="ra.action.remove" size="small" color="warning" onClick={onClick} className={`button-remove button-remove-tracks-${index}`}>
      <RemoveIcon fontSize="small" />
    </IconButtonWithTooltip>
  );
}

/** The track a prize belongs to, chosen from the tracks as they stand in the form (by position), or the whole contest. */
function PrizeTrackInput({ source }: { source: string }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const tracks = (useWatch({ name: 'tracks' }) as Partial<TrackInput>[] | undefined) ?? [];
  const choices = [
    { id: WHOLE_CONTEST, name: translate(t('whole_contest')) },
    ...tracks.map((track, index) => ({
      id: String(index),
      name: trackLabel(index, (locale === 'en' ? track.titleEn || track.titleZh : track.titleZh || track.titleEn) ?? '', track.kind ? translate(t(`kinds.${track.kind}`)) : ''),
    })),
  ];
  return (
    <SelectInput
      source={source}
      label={t('prize.trackIndex')}
      choices={choices}
      translateChoice={false}
      format={(value: number | null | undefined) => (value === null || value === undefined ? WHOLE_CONTEST : String(value))}
      parse={(value: string) => (value === WHOLE_CONTEST || value === '' ? null : Number(value))}
      emptyValue={WHOLE_CONTEST}
      emptyText={t('whole_contest')}
      sx={{ width: 260 }}
    />
  );
}

function PrizeTotal() {
  const translate = useTranslate();
  const prizes = (useWatch({ name: 'prizes' }) as PrizeInput[] | undefined) ?? [];
  return (
    <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid="admin-contest-prize-total">
      {translate(t('prize_total'), { total: formatFen(totalCashFen(prizes)) })}
    </Typography>
  );
}

function BannerPreview() {
  const url = useWatch({ name: 'bannerUrl' }) as string | null | undefined;
  if (!url || !/^(https?:\/\/|\/)/.test(url)) return null;
  return <Box component="img" src={url} alt="" referrerPolicy="no-referrer" sx={{ display: 'block', maxWidth: 480, maxHeight: 160, objectFit: 'cover', borderRadius: 1, border: 1, borderColor: 'divider', mb: 1 }} />;
}

const Fields = () => (
  <>
    <Section title={t('sections.texts')} />
    <Row>
      <TextInput source="titleZh" isRequired sx={{ flex: '1 1 320px' }} />
      <TextInput source="titleEn" isRequired sx={{ flex: '1 1 320px' }} />
    </Row>
    <Row>
      <TextInput source="rulesZh" parse={keepEmpty} multiline minRows={5} sx={{ flex: '1 1 320px' }} />
      <TextInput source="rulesEn" parse={keepEmpty} multiline minRows={5} sx={{ flex: '1 1 320px' }} />
    </Row>
    <TextInput source="bannerUrl" helperText={t('banner_helper')} fullWidth />
    <BannerPreview />

    <Section title={t('sections.scoring')} />
    <Row>
      <NumberInput source="maxScore" min={1} max={CONTEST_LIMITS.maxScoreCeiling} step={1} helperText={t('max_score_helper')} sx={{ width: 260 }} />
      <NumberInput source="pointsPool" min={0} step={1000} helperText={t('points_pool_helper')} sx={{ width: 260 }} />
      <NumberInput source="winnerInfoDays" min={1} max={30} step={1} helperText={t('winner_info_days_helper')} sx={{ width: 260 }} />
      <NumberInput source="entriesPerTrack" min={1} max={CONTEST_LIMITS.entriesPerTrackCeiling} step={1} helperText={t('entries_per_track_helper')} sx={{ width: 260 }} />
    </Row>

    <Section title={t('sections.phases')} />
    <Typography variant="caption" color="text.secondary">
      <TranslatedText value={t('phases_helper')} />
    </Typography>
    <PhaseInputs />

    <Section title={t('sections.tracks')} />
    <ArrayInput source="tracks" label={false}>
      <SimpleFormIterator disableReordering disableClear removeButton={<RemoveTrackButton />} getItemDefaults={newTrack} getItemLabel={(index) => `${index + 1}`} data-testid="admin-contest-tracks" sx={{ '& .RaSimpleFormIterator-line': { pb: 1 } }}>
        <TrackLine />
      </SimpleFormIterator>
    </ArrayInput>

    <Section title={t('sections.prizes')} />
    <PrizeTotal />
    <ArrayInput source="prizes" label={false}>
      <SimpleFormIterator disableClear getItemDefaults={newPrize} getItemLabel={(index) => `${index + 1}`} data-testid="admin-contest-prizes" sx={{ '& .RaSimpleFormIterator-line': { pb: 1 } }}>
        <PrizeLine />
      </SimpleFormIterator>
    </ArrayInput>
  </>
);

function TranslatedText({ value }: { value: string }) {
  const translate = useTranslate();
  return <>{translate(value)}</>;
}

/**
 * One track. A track that exists keeps its id in the form (entries and judges point at it); its
 * kind is fixed once it has entries, which the server says if it is changed.
 */
const TrackLine = () => (
  <Box sx={{ width: '100%' }}>
    <Row>
      <SelectInput source="kind" label={t('track.kind')} choices={KIND_CHOICES} isRequired sx={{ width: 160 }} />
      <TextInput source="titleZh" label={t('track.titleZh')} isRequired sx={{ flex: '1 1 240px' }} />
      <TextInput source="titleEn" label={t('track.titleEn')} isRequired sx={{ flex: '1 1 240px' }} />
    </Row>
    <Row>
      <TextInput source="rulesZh" label={t('track.rulesZh')} parse={keepEmpty} multiline minRows={2} sx={{ flex: '1 1 320px' }} />
      <TextInput source="rulesEn" label={t('track.rulesEn')} parse={keepEmpty} multiline minRows={2} sx={{ flex: '1 1 320px' }} />
    </Row>
  </Box>
);

const PrizeLine = () => (
  <Box sx={{ width: '100%' }}>
    <Row>
      <PrizeTrackInput source="trackIndex" />
      <NumberInput source="place" label={t('prize.place')} min={1} max={20} step={1} sx={{ width: 110 }} />
      <NumberInput source="winners" label={t('prize.winners')} min={1} max={100} step={1} sx={{ width: 110 }} />
      <SelectInput source="eligibility" label={t('prize.eligibility')} choices={ELIGIBILITY_CHOICES} sx={{ width: 180 }} />
      <YuanInput source="cashFen" label={t('prize.cash')} sx={{ width: 200 }} />
    </Row>
    <Row>
      <TextInput source="titleZh" label={t('prize.titleZh')} isRequired sx={{ flex: '1 1 220px' }} />
      <TextInput source="titleEn" label={t('prize.titleEn')} isRequired sx={{ flex: '1 1 220px' }} />
      <TextInput source="goodsZh" label={t('prize.goodsZh')} parse={keepEmpty} sx={{ flex: '1 1 220px' }} />
      <TextInput source="goodsEn" label={t('prize.goodsEn')} parse={keepEmpty} sx={{ flex: '1 1 220px' }} />
    </Row>
  </Box>
);

/** What a new line starts with (the iterator would otherwise add one with every field null). */
const TRACK_DEFAULTS = { kind: 'photo', titleZh: '', titleEn: '', rulesZh: '', rulesEn: '' };
const PRIZE_DEFAULTS = { trackIndex: null, place: 1, winners: 1, eligibility: 'all', cashFen: 0, titleZh: '', titleEn: '', goodsZh: '', goodsEn: '' };
/** A copied line is kept as it is, except a track's id: the copy is a new track. */
const newTrack = (item?: Partial<TrackInput>) => (item ? { ...item, id: undefined } : { ...TRACK_DEFAULTS });
const newPrize = (item?: Partial<PrizeInput>) => item ?? { ...PRIZE_DEFAULTS };

const FORM_SX = { maxWidth: 1100, '& .RaSimpleFormIterator-add button': { fontWeight: 500 } };

export const ContestCreate = () => (
  <Create redirect="show" transform={toSetup}>
    <SimpleForm validate={validateContest} defaultValues={() => newContestValues(new Date())} sx={FORM_SX}>
      <Fields />
    </SimpleForm>
  </Create>
);

const EditActions = () => (
  <TopToolbar>
    <ShowButton />
    <ListButton />
  </TopToolbar>
);

function EditToolbar() {
  const record = useRecordContext<ContestRecord>();
  return (
    <Toolbar>
      <SaveButton disabled={!!record && isLocked(record)} data-testid="admin-contest-save" />
    </Toolbar>
  );
}

function LockedNote() {
  const record = useRecordContext<ContestRecord>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', width: '100%', mb: 1 }}>
      <StageChip stage={record.stage} />
      {isLocked(record) && (
        <Alert severity="info" sx={{ flex: 1 }}>
          {translate(t('locked'))}
        </Alert>
      )}
      {!isLocked(record) && record.stage !== 'upcoming' && <Chip size="small" variant="outlined" label={translate(t('live_note'))} />}
    </Stack>
  );
}

export const ContestEdit = () => (
  <Edit mutationMode="pessimistic" redirect="show" actions={<EditActions />} transform={toSetup}>
    <SimpleForm validate={validateContest} toolbar={<EditToolbar />} sx={FORM_SX}>
      <LockedNote />
      <Fields />
    </SimpleForm>
  </Edit>
);
