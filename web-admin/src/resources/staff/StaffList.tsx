import { BooleanField, DataTable, EditButton, List } from 'react-admin';
import { ShanghaiDateField } from '../../common/ShanghaiDateField';
import { RolesField } from './roles';

export const StaffList = () => (
  <List sort={{ field: 'username', order: 'ASC' }} perPage={25} exporter={false}>
    <DataTable rowClick="show" bulkActionButtons={false}>
      <DataTable.Col source="username" />
      <DataTable.Col source="displayName" />
      <DataTable.Col source="roles" disableSort>
        <RolesField />
      </DataTable.Col>
      <DataTable.Col source="disabled" field={BooleanField} />
      <DataTable.Col source="createdAt" field={ShanghaiDateField} />
      <DataTable.Col align="right">
        <EditButton />
      </DataTable.Col>
    </DataTable>
  </List>
);
