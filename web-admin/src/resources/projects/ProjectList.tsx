import { DataTable, EditButton, List, SearchInput, SelectInput, TextInput, useTranslate } from 'react-admin';
import { ShanghaiDateField } from '../../common/ShanghaiDateField';
import { statusChoices } from './choices';
import { ProjectStatusField } from './fields';

export const ProjectList = () => {
  const translate = useTranslate();
  const filters = [
    <SearchInput key="q" source="q" alwaysOn placeholder={translate('resources.projects.fields.q')} sx={{ minWidth: 260 }} />,
    <SelectInput key="status" source="status" choices={statusChoices} alwaysOn />,
    <TextInput key="customerId" source="customerId" />,
  ];
  return (
    <List filters={filters} sort={{ field: 'updatedAt', order: 'DESC' }} perPage={25} exporter={false}>
      <DataTable rowClick="show" bulkActionButtons={false} sx={{ '& .RaDataTable-headerCell': { whiteSpace: 'nowrap' } }}>
        <DataTable.Col source="id" />
        <DataTable.Col source="name" />
        <DataTable.Col source="companyName" disableSort />
        <DataTable.Col source="customerId" />
        <DataTable.Col source="status">
          <ProjectStatusField />
        </DataTable.Col>
        <DataTable.NumberCol source="videoBranches" disableSort />
        <DataTable.NumberCol source="photoBranches" disableSort />
        <DataTable.Col source="validUntil">
          <ShanghaiDateField source="validUntil" emptyText="resources.projects.open_ended" />
        </DataTable.Col>
        <DataTable.Col source="updatedAt" field={ShanghaiDateField} />
        <DataTable.Col align="right">
          <EditButton />
        </DataTable.Col>
      </DataTable>
    </List>
  );
};
