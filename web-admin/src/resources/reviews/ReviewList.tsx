import { DataTable, List, SelectInput, TextField, useRecordContext, useTranslate } from 'react-admin';
import type { ReviewRecord } from '@mkt/contracts';
import { Chip } from '@mui/material';
import { PictureField } from '../../common/media';
import { ShanghaiDateField } from '../../common/ShanghaiDateField';
import { UserField } from '../../common/UserField';
import { TranslatedField } from '../materials/fields';
import { kindChoices, statusChoices } from './choices';

const StatusCell = () => {
  const record = useRecordContext<ReviewRecord>();
  const translate = useTranslate();
  if (!record) return null;
  return <Chip size="small" label={translate(`app.review.status.${record.status}`)} color={record.status === 'waiting' ? 'warning' : 'default'} />;
};

const DuplicatesCell = () => {
  const record = useRecordContext<ReviewRecord>();
  const translate = useTranslate();
  if (!record) return null;
  // The list does not carry the duplicates' pictures; the record page shows them side by side.
  return record.duplicates.length > 0 ? <Chip size="small" color="error" label={translate('app.review.duplicates_count', { smart_count: record.duplicates.length })} /> : null;
};

const SizeCell = () => {
  const record = useRecordContext<ReviewRecord>();
  return record?.width ? (
    <span>
      {record.width}×{record.height}
    </span>
  ) : null;
};

/** The review queue: processed uploads waiting for a decision, oldest first. */
export const ReviewList = () => {
  const filters = [
    <SelectInput key="status" source="status" choices={statusChoices} alwaysOn />,
    <SelectInput key="kind" source="kind" choices={kindChoices} alwaysOn />,
  ];
  return (
    <List filters={filters} filterDefaultValues={{ status: 'waiting' }} sort={{ field: 'createdAt', order: 'ASC' }} perPage={25} exporter={false}>
      <DataTable rowClick="show" bulkActionButtons={false}>
        <DataTable.Col source="thumbnailUrl" disableSort>
          <PictureField source="thumbnailUrl" />
        </DataTable.Col>
        <DataTable.Col source="fileName">
          <TextField source="fileName" />
        </DataTable.Col>
        <DataTable.Col source="kind" disableSort>
          <TranslatedField source="kind" prefix="app.review.kind" />
        </DataTable.Col>
        <DataTable.Col source="contributorId" disableSort>
          <UserField source="contributorId" testId="review-list-contributor" />
        </DataTable.Col>
        <DataTable.Col source="status">
          <StatusCell />
        </DataTable.Col>
        <DataTable.Col source="width" label="resources.reviews.fields.size" disableSort>
          <SizeCell />
        </DataTable.Col>
        <DataTable.Col source="codec" disableSort>
          <TextField source="codec" emptyText="—" />
        </DataTable.Col>
        <DataTable.Col source="duplicates" disableSort>
          <DuplicatesCell />
        </DataTable.Col>
        <DataTable.Col source="createdAt">
          <ShanghaiDateField source="createdAt" />
        </DataTable.Col>
      </DataTable>
    </List>
  );
};
