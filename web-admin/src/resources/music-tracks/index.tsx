import type { MusicTrackAdminView } from '@mkt/contracts';
import LibraryMusicIcon from '@mui/icons-material/LibraryMusic';
import { formatFen, musicTrackAdminUpdateSchema } from '@mkt/contracts';
import {
  DataTable,
  Edit,
  FunctionField,
  ListButton,
  List,
  NumberInput,
  SearchInput,
  SelectInput,
  SimpleForm,
  TextInput,
  TopToolbar,
  useTranslate,
} from 'react-admin';
import { localized } from '../../common/localized';
import { Picture } from '../../common/media';
import { validateWith } from '../../common/validation';

const validateUpdate = validateWith(musicTrackAdminUpdateSchema);

/** Music and sound effects: the music-only fields; publication stays with materials. */
const MusicTrackList = () => {
  const translate = useTranslate();
  const filters = [
    <SearchInput key="q" source="q" alwaysOn placeholder={translate('resources.music-tracks.fields.q')} />,
    <SelectInput
      key="kind"
      source="kind"
      alwaysOn
      choices={[
        { id: 'music', name: 'resources.music-tracks.kinds.music' },
        { id: 'sfx', name: 'resources.music-tracks.kinds.sfx' },
      ]}
    />,
  ];
  return (
    <List filters={filters} sort={{ field: 'id', order: 'DESC' }} perPage={25} exporter={false}>
      <DataTable rowClick="edit">
        <DataTable.Col source="coverUrl" disableSort>
          <FunctionField<MusicTrackAdminView> render={(record) => <Picture url={record.coverUrl} width={48} height={48} />} />
        </DataTable.Col>
        <DataTable.Col source="code" />
        <DataTable.Col source="titleZh" />
        <DataTable.Col source="titleEn" />
        <DataTable.Col source="kind" />
        <DataTable.Col source="composer" disableSort />
        <DataTable.NumberCol source="bpm" />
        <DataTable.Col source="priceFen">
          <FunctionField<MusicTrackAdminView> render={(record) => formatFen(record.priceFen)} />
        </DataTable.Col>
        <DataTable.Col source="status" />
        <DataTable.Col source="versionName" disableSort />
      </DataTable>
    </List>
  );
};

const EditActions = () => (
  <TopToolbar>
    <ListButton />
  </TopToolbar>
);

const MusicTrackEdit = () => (
  <Edit mutationMode="pessimistic" redirect="list" actions={<EditActions />}>
    <SimpleForm validate={validateUpdate} sx={{ maxWidth: 720 }}>
      <FunctionField<MusicTrackAdminView> render={(record) => (record.listenUrl ? <audio controls src={record.listenUrl} preload="none" /> : null)} />
      <TextInput source="composer" fullWidth />
      <TextInput source="artist" fullWidth />
      <TextInput source="mastery" fullWidth />
      <TextInput source="maker" fullWidth />
      <TextInput source="arranger" fullWidth />
      <TextInput source="author" fullWidth />
      <NumberInput source="bpm" min={0} max={400} step={1} />
      <TextInput source="mood" />
      <TextInput source="genre" />
      <NumberInput source="priceFen" min={0} step={100} helperText="resources.music-tracks.price_helper" />
      <TextInput source="versionName" />
      <TextInput source="sourceNote" fullWidth multiline />
    </SimpleForm>
  </Edit>
);

export default {
  list: MusicTrackList,
  edit: MusicTrackEdit,
  icon: LibraryMusicIcon,
  recordRepresentation: (record: MusicTrackAdminView) => `${record.code} ${localized(record.titleZh, record.titleEn)}`,
};
