import { judgeCreateSchema, judgeUpdateSchema } from '@mkt/contracts';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import {
  CheckboxGroupInput,
  Create,
  Edit,
  ListButton,
  ReferenceField,
  ReferenceInput,
  SaveButton,
  SelectInput,
  SimpleForm,
  TextField,
  TextInput,
  Toolbar,
  TopToolbar,
  useGetOne,
  useLocaleState,
  useNotify,
  useRecordContext,
  useRedirect,
  useTranslate,
  Labeled,
} from 'react-admin';
import { pickLanguage } from '../../../common/localized';
import { validateWith } from '../../../common/validation';
import { contestCalls, type JudgeRecord } from '../contestCalls';
import type { ContestRecord } from '../contestSetup';
import { JudgeKeyDialog } from './JudgeKeyDialog';
import { RevokeJudgeButton } from './judgeParts';

const validateCreate = validateWith(judgeCreateSchema);
const validateUpdate = validateWith(judgeUpdateSchema);

/** The tracks of the judge's contest as checkboxes, named and typed as staff set them up. */
function TrackChoices({ contestId }: { contestId: number | undefined }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { data: contest } = useGetOne<ContestRecord>('contests', { id: contestId ?? 0 }, { enabled: typeof contestId === 'number' });
  const choices = (contest?.tracks ?? []).map((track, index) => ({
    id: track.id!,
    name: `${index + 1}. ${pickLanguage(track.titleZh, track.titleEn, locale)} · ${translate(`resources.contests.kinds.${track.kind}`)}`,
  }));
  return (
    <CheckboxGroupInput
      source="trackIds"
      choices={choices}
      translateChoice={false}
      row={false}
      helperText={contest ? 'resources.contest-judges.tracks_helper' : 'resources.contest-judges.choose_contest_first'}
      data-testid="admin-judge-tracks"
    />
  );
}

const WatchedTrackChoices = () => <TrackChoices contestId={useWatch({ name: 'contestId' }) as number | undefined} />;

/**
 * Creating a judge: the answer carries the key, which is shown once in a dialog and then only
 * exists where the judge keeps it. Sent straight to the API so no cache holds it.
 */
export function JudgeCreate() {
  const notify = useNotify();
  const redirect = useRedirect();
  const [created, setCreated] = useState<{ judge: JudgeRecord; key: string } | null>(null);
  const save = async (values: Record<string, unknown>) => {
    try {
      const { key, ...judge } = await contestCalls.createJudge({ contestId: Number(values.contestId), name: String(values.name ?? '').trim(), trackIds: (values.trackIds as number[]) ?? [] });
      setCreated({ judge, key });
    } catch (error) {
      notify(error instanceof Error ? error.message : 'ra.notification.http_error', { type: 'error' });
    }
  };
  return (
    <Create>
      <SimpleForm onSubmit={save} validate={validateCreate} sx={{ maxWidth: 640 }} toolbar={<Toolbar><SaveButton label="resources.contest-judges.create_key" alwaysEnable={false} data-testid="admin-judge-create-submit" /></Toolbar>}>
        <ReferenceInput source="contestId" reference="contests" sort={{ field: 'id', order: 'DESC' }} perPage={100}>
          <SelectInput isRequired sx={{ width: 420 }} />
        </ReferenceInput>
        <TextInput source="name" isRequired sx={{ width: 420 }} helperText="resources.contest-judges.name_helper" slotProps={{ htmlInput: { 'data-testid': 'admin-judge-name', maxLength: 50 } }} />
        <WatchedTrackChoices />
      </SimpleForm>
      {created && <JudgeKeyDialog name={created.judge.name} judgeKey={created.key} onClose={() => (setCreated(null), redirect(`/contests/${created.judge.contestId}/show/judges`))} />}
    </Create>
  );
}

const EditActions = () => (
  <TopToolbar>
    <ListButton />
    <RevokeJudgeButton />
  </TopToolbar>
);

function EditTrackChoices() {
  const record = useRecordContext<JudgeRecord>();
  return <TrackChoices contestId={record?.contestId} />;
}

export const JudgeEdit = () => (
  <Edit mutationMode="pessimistic" actions={<EditActions />} transform={(data: JudgeRecord) => ({ name: data.name, trackIds: data.trackIds })} redirect={(_resource, _id, data) => `contests/${(data as JudgeRecord).contestId}/show/judges`}>
    <SimpleForm validate={validateUpdate} sx={{ maxWidth: 640 }}>
      <Labeled label="resources.contest-judges.fields.contestId">
        <ReferenceField source="contestId" reference="contests" link="show" />
      </Labeled>
      <Labeled label="resources.contest-judges.fields.keyHint">
        <TextField source="keyHint" sx={{ fontFamily: 'monospace' }} />
      </Labeled>
      <TextInput source="name" isRequired sx={{ width: 420 }} />
      <EditTrackChoices />
    </SimpleForm>
  </Edit>
);
