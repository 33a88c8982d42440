import type { MusicSheetAdminView, MusicTrackAdminView } from '@mkt/contracts';
import QueueMusicIcon from '@mui/icons-material/QueueMusic';
import { musicSheetAdminCreateSchema, musicSheetAdminUpdateSchema } from '@mkt/contracts';
import {
  AutocompleteArrayInput,
  BooleanInput,
  Create,
  DataTable,
  Edit,
  EditButton,
  FunctionField,
  List,
  ListButton,
  NumberInput,
  ReferenceArrayInput,
  SearchInput,
  SimpleForm,
  TextInput,
  TopToolbar,
  useTranslate,
} from 'react-admin';
import { localized } from '../../common/localized';
import { CoverPreview, Picture } from '../../common/media';
import { validateWith } from '../../common/validation';

const validateCreate = validateWith(musicSheetAdminCreateSchema);
const validateUpdate = validateWith(musicSheetAdminUpdateSchema);
const trackText = (record: MusicTrackAdminView) => `${record.code} ${localized(record.titleZh, record.titleEn)}`;

const MusicSheetList = () => {
  const translate = useTranslate();
  const filters = [<SearchInput key="q" source="q" alwaysOn placeholder={translate('resources.music-sheets.fields.q')} />];
  return (
    <List filters={filters} sort={{ field: 'sort', order: 'ASC' }} perPage={25} exporter={false}>
      <DataTable>
        <DataTable.Col source="coverUrl" disableSort>
          <FunctionField<MusicSheetAdminView> render={(record) => <Picture url={record.coverUrl} width={48} height={48} />} />
        </DataTable.Col>
        <DataTable.NumberCol source="sort" />
        <DataTable.Col source="nameZh" />
        <DataTable.Col source="nameEn" />
        <DataTable.Col source="musicIds" disableSort>
          <FunctionField<MusicSheetAdminView> render={(record) => record.musicIds.length} />
        </DataTable.Col>
        <DataTable.Col source="published">
          <FunctionField<MusicSheetAdminView> render={(record) => (record.published ? '✓' : '—')} />
        </DataTable.Col>
        <DataTable.Col align="right">
          <EditButton />
        </DataTable.Col>
      </DataTable>
    </List>
  );
};

const Fields = () => (
  <>
    <TextInput source="nameZh" isRequired fullWidth />
    <TextInput source="nameEn" isRequired fullWidth />
    <TextInput source="descriptionZh" fullWidth multiline />
    <TextInput source="descriptionEn" fullWidth multiline />
    <NumberInput source="sort" min={0} step={1} />
    <BooleanInput source="published" />
    <TextInput source="coverKey" helperText="app.cover.key_helper" fullWidth />
    <CoverPreview keySource="coverKey" urlSource="coverUrl" />
    <ReferenceArrayInput source="musicIds" reference="music-tracks" sort={{ field: 'id', order: 'DESC' }} perPage={20}>
      <AutocompleteArrayInput
        label="resources.music-sheets.fields.musicIds"
        optionText={trackText}
        inputText={trackText}
        matchSuggestion={() => true}
        filterToQuery={(q: string) => ({ q })}
        fullWidth
      />
    </ReferenceArrayInput>
  </>
);

const EditActions = () => (
  <TopToolbar>
    <ListButton />
  </TopToolbar>
);

const MusicSheetCreate = () => (
  <Create redirect="list">
    <SimpleForm validate={validateCreate} defaultValues={{ sort: 0, published: true, musicIds: [], descriptionZh: '', descriptionEn: '', coverKey: null }} sx={{ maxWidth: 720 }}>
      <Fields />
    </SimpleForm>
  </Create>
);

const MusicSheetEdit = () => (
  <Edit mutationMode="pessimistic" redirect="list" actions={<EditActions />}>
    <SimpleForm validate={validateUpdate} sx={{ maxWidth: 720 }}>
      <Fields />
    </SimpleForm>
  </Edit>
);

export default {
  list: MusicSheetList,
  create: MusicSheetCreate,
  edit: MusicSheetEdit,
  icon: QueueMusicIcon,
  recordRepresentation: (record: MusicSheetAdminView) => localized(record.nameZh, record.nameEn) || `#${record.id}`,
};
