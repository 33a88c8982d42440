import {
  DataTable,
  EditButton,
  List,
  NullableBooleanInput,
  SearchInput,
  SelectInput,
  useTranslate,
} from 'react-admin';
import { ShanghaiDateField } from '../../common/ShanghaiDateField';
import { AccountField } from './AccountField';
import { FlagsField } from './FlagsField';
import { GidField, gidChoices } from './gid';

export const UserList = () => {
  const translate = useTranslate();
  const filters = [
    <SearchInput key="q" source="q" alwaysOn placeholder={translate('resources.users.fields.q')} sx={{ minWidth: 260 }} />,
    <SelectInput key="gid" source="gid" choices={gidChoices} />,
    <NullableBooleanInput key="signFlag" source="signFlag" />,
    <NullableBooleanInput key="disabled" source="disabled" />,
  ];
  return (
    <List filters={filters} sort={{ field: 'createdAt', order: 'DESC' }} perPage={25} exporter={false}>
      <DataTable rowClick="show" bulkActionButtons={false}>
        <DataTable.Col source="nickname" />
        <DataTable.Col source="phone" label="resources.users.fields.account" disableSort>
          <AccountField />
        </DataTable.Col>
        <DataTable.Col source="gid">
          <GidField />
        </DataTable.Col>
        <DataTable.Col label="resources.users.fields.flags" disableSort>
          <FlagsField />
        </DataTable.Col>
        <DataTable.Col source="createdAt" field={ShanghaiDateField} />
        <DataTable.Col source="lastLoginAt" field={ShanghaiDateField} />
        <DataTable.Col align="right">
          <EditButton />
        </DataTable.Col>
      </DataTable>
    </List>
  );
};
