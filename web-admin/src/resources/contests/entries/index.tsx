import CollectionsIcon from '@mui/icons-material/Collections';
import { DataTable, FunctionField, List, ReferenceField, ReferenceInput, SearchInput, SelectInput, useGetOne, useListContext, useLocaleState, useTranslate } from 'react-admin';
import { ENTRY_STATUSES } from '@mkt/contracts';
import { pickLanguage } from '../../../common/localized';
import { ShanghaiDateField } from '../../../common/ShanghaiDateField';
import type { ContestRecord } from '../contestSetup';
import { EntryShow } from './EntryShow';
import { EntryStatusChip, TrackTitle, type EntryRecord } from './entryParts';

/** Tracks of the contest chosen in the filters; nothing to choose before a contest is. */
function TrackFilter(_props: { source: string; alwaysOn?: boolean }) {
  const { filterValues } = useListContext();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const contestId = filterValues.contestId as number | undefined;
  const { data: contest } = useGetOne<ContestRecord>('contests', { id: contestId ?? 0 }, { enabled: contestId !== undefined });
  const choices = (contest?.tracks ?? []).map((track) => ({ id: track.id!, name: `${pickLanguage(track.titleZh, track.titleEn, locale)} · ${translate(`resources.contests.kinds.${track.kind}`)}` }));
  return <SelectInput source="trackId" choices={choices} translateChoice={false} disabled={!contest} sx={{ minWidth: 220 }} />;
}

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <ReferenceInput key="contestId" source="contestId" reference="contests" sort={{ field: 'id', order: 'DESC' }} perPage={100} alwaysOn>
    <SelectInput sx={{ minWidth: 260 }} />
  </ReferenceInput>,
  <TrackFilter key="trackId" source="trackId" alwaysOn />,
  <SelectInput key="status" source="status" choices={ENTRY_STATUSES.map((id) => ({ id, name: `resources.contest-entries.statuses.${id}` }))} alwaysOn />,
];

const EntryList = () => {
  const translate = useTranslate();
  return (
    <List filters={filters} sort={{ field: 'id', order: 'DESC' }} perPage={25} exporter={false}>
      <DataTable rowClick="show" bulkActionButtons={false} data-testid="admin-entry-list">
        <DataTable.NumberCol source="id" />
        <DataTable.Col source="status">
          <EntryStatusChip />
        </DataTable.Col>
        <DataTable.Col source="title" disableSort />
        <DataTable.Col source="contestId" disableSort>
          <ReferenceField source="contestId" reference="contests" link={false} />
        </DataTable.Col>
        <DataTable.Col source="trackId">
          <TrackTitle />
        </DataTable.Col>
        <DataTable.Col source="kind" disableSort>
          <FunctionField<EntryRecord> render={(entry) => translate(`resources.contests.kinds.${entry.kind}`)} />
        </DataTable.Col>
        <DataTable.Col source="signature" disableSort />
        <DataTable.Col source="files" disableSort>
          <FunctionField<EntryRecord> render={(entry) => entry.files.length} />
        </DataTable.Col>
        <DataTable.Col source="submittedAt" field={ShanghaiDateField} />
      </DataTable>
    </List>
  );
};

export default {
  list: EntryList,
  show: EntryShow,
  icon: CollectionsIcon,
  recordRepresentation: (record: EntryRecord) => `#${record.id} ${record.title}`,
};
