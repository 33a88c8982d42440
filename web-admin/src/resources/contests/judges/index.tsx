import GavelIcon from '@mui/icons-material/Gavel';
import { Box, Stack } from '@mui/material';
import { DataTable, EditButton, FunctionField, List, ReferenceField, ReferenceInput, SelectInput } from 'react-admin';
import { ShanghaiDateField } from '../../../common/ShanghaiDateField';
import type { JudgeRecord } from '../contestCalls';
import { JudgeCreate, JudgeEdit } from './JudgeForms';
import { JudgeStatusChip, JudgeTracks, RevokeJudgeButton } from './judgeParts';

const filters = [
  <ReferenceInput key="contestId" source="contestId" reference="contests" sort={{ field: 'id', order: 'DESC' }} perPage={100} alwaysOn>
    <SelectInput sx={{ minWidth: 280 }} />
  </ReferenceInput>,
];

const JudgeList = () => (
  <List filters={filters} sort={{ field: 'createdAt', order: 'DESC' }} perPage={50} exporter={false}>
    <DataTable bulkActionButtons={false} rowClick={false} data-testid="admin-judge-list">
      <DataTable.Col source="name" disableSort />
      <DataTable.Col source="contestId" disableSort>
        <ReferenceField source="contestId" reference="contests" link="show" />
      </DataTable.Col>
      <DataTable.Col source="trackIds" disableSort>
        <JudgeTracks />
      </DataTable.Col>
      <DataTable.Col source="keyHint" disableSort>
        <FunctionField<JudgeRecord> render={(judge) => <Box component="span" sx={{ fontFamily: 'monospace' }}>…{judge.keyHint}</Box>} />
      </DataTable.Col>
      <DataTable.Col source="status" disableSort>
        <JudgeStatusChip />
      </DataTable.Col>
      <DataTable.Col source="createdAt" field={ShanghaiDateField} />
      <DataTable.Col align="right">
        <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
          <EditButton />
          <RevokeJudgeButton />
        </Stack>
      </DataTable.Col>
    </DataTable>
  </List>
);

export default {
  list: JudgeList,
  create: JudgeCreate,
  edit: JudgeEdit,
  icon: GavelIcon,
  recordRepresentation: (record: JudgeRecord) => record.name,
};
