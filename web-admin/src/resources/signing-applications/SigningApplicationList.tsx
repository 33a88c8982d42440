import type { SigningReviewView } from '@mkt/contracts';
import { Chip, Stack } from '@mui/material';
import { DataTable, List, NumberField, SearchInput, SelectInput, TextField, useRecordContext, useTranslate } from 'react-admin';
import { ShanghaiDateField } from '../../common/ShanghaiDateField';
import { StatusChip } from './fields';
import { SIGNING_REVIEW_STATUSES } from './signing';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="status" source="status" choices={SIGNING_REVIEW_STATUSES.map((id) => ({ id, name: `resources.signing-applications.statuses.${id}` }))} alwaysOn />,
];

const Themes = (_props: { label?: string }) => {
  const record = useRecordContext<SigningReviewView>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
      {record.creationForms.map((form) => (
        <Chip key={form} size="small" variant="outlined" label={translate(`resources.signing-applications.creationForms.${form}`, { _: form })} />
      ))}
    </Stack>
  );
};

/** The queue: waiting applications first by default, decided ones one filter away. */
export const SigningApplicationList = () => (
  <List filters={filters} filterDefaultValues={{ status: 'pending' }} sort={{ field: 'submittedAt', order: 'DESC' }} perPage={25} exporter={false} empty={false}>
    <DataTable rowClick="show" bulkActionButtons={false}>
      <DataTable.Col source="status">
        <StatusChip />
      </DataTable.Col>
      <DataTable.Col source="realName" field={TextField} disableSort />
      <DataTable.Col source="nickname" field={TextField} disableSort />
      <DataTable.Col source="creationForms" disableSort>
        <Themes />
      </DataTable.Col>
      <DataTable.Col source="imageCount" field={NumberField} disableSort />
      <DataTable.Col source="quantity" field={NumberField} disableSort />
      <DataTable.Col source="submittedAt" field={ShanghaiDateField} />
      <DataTable.Col source="reviewedAt" field={ShanghaiDateField} />
      <DataTable.Col source="reviewedBy" field={TextField} disableSort />
    </DataTable>
  </List>
);
