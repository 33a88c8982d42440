import { formatFen } from '@mkt/contracts';
import { Typography } from '@mui/material';
import { CreateButton, DataTable, FunctionField, List, SearchInput, TopToolbar, useTranslate } from 'react-admin';
import { BilingualField } from '../../common/localized';
import { formatShanghai } from '../../common/time';
import { totalCashFen, type ContestRecord } from './contestSetup';
import { StageChip } from './StageChip';

const ListActions = () => (
  <TopToolbar>
    <CreateButton data-testid="admin-contest-create" />
  </TopToolbar>
);

/** Newest first: the contest being run now is at the top. */
export const ContestList = () => {
  const translate = useTranslate();
  const filters = [<SearchInput key="q" source="q" alwaysOn placeholder={translate('resources.contests.fields.q')} />];
  return (
    <List filters={filters} actions={<ListActions />} sort={{ field: 'id', order: 'DESC' }} perPage={25} exporter={false}>
      <DataTable rowClick="show" bulkActionButtons={false} data-testid="admin-contest-list">
        <DataTable.NumberCol source="id" />
        <DataTable.Col source="titleZh" label="resources.contests.fields.title" disableSort>
          <BilingualField zh="titleZh" en="titleEn" />
        </DataTable.Col>
        <DataTable.Col source="stage" disableSort>
          <FunctionField<ContestRecord> render={(record) => <StageChip stage={record.stage} />} />
        </DataTable.Col>
        <DataTable.Col source="submissionStartsAt" label="resources.contests.fields.submission">
          <FunctionField<ContestRecord>
            render={(record) => (
              <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>
                {formatShanghai(record.phases.submission.startsAt)} – {formatShanghai(record.phases.submission.endsAt)}
              </Typography>
            )}
          />
        </DataTable.Col>
        <DataTable.Col source="tracks" disableSort>
          <FunctionField<ContestRecord> render={(record) => record.tracks.length} />
        </DataTable.Col>
        <DataTable.Col source="prizes" label="resources.contests.fields.cashTotal" disableSort>
          <FunctionField<ContestRecord> render={(record) => formatFen(totalCashFen(record.prizes))} />
        </DataTable.Col>
        <DataTable.Col source="resultsPublishedAt" disableSort>
          <FunctionField<ContestRecord> render={(record) => formatShanghai(record.resultsPublishedAt) || '—'} />
        </DataTable.Col>
      </DataTable>
    </List>
  );
};
