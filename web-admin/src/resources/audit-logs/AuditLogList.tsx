import { DataTable, List, SearchInput, SelectInput, TextInput, TextField, useGetResourceLabel } from 'react-admin';
import { ShanghaiDateField } from '../../common/ShanghaiDateField';
import { ChangedFieldsSummary } from './ChangesTable';
import { ActionField, AUDITED_RESOURCES, AUDIT_ACTIONS, ResourceField, ResourceIdField } from './fields';

export const AuditLogList = () => {
  const getResourceLabel = useGetResourceLabel();
  const resourceChoices = AUDITED_RESOURCES.map((id) => ({ id, name: getResourceLabel(id, 2) }));
  const actionChoices = AUDIT_ACTIONS.map((id) => ({ id, name: `app.audit.actions.${id}` }));
  const filters = [
    <SearchInput key="q" source="q" alwaysOn />,
    <TextInput key="staffUsername" source="staffUsername" />,
    <SelectInput key="resource" source="resource" choices={resourceChoices} translateChoice={false} />,
    <SelectInput key="action" source="action" choices={actionChoices} />,
  ];
  return (
    <List filters={filters} sort={{ field: 'at', order: 'DESC' }} perPage={25} exporter={false}>
      <DataTable rowClick="show" bulkActionButtons={false}>
        <DataTable.Col source="at" field={ShanghaiDateField} />
        <DataTable.Col source="staffUsername" field={TextField} />
        <DataTable.Col source="action">
          <ActionField />
        </DataTable.Col>
        <DataTable.Col source="resource">
          <ResourceField />
        </DataTable.Col>
        <DataTable.Col source="resourceId" disableSort>
          <ResourceIdField />
        </DataTable.Col>
        <DataTable.Col label="app.audit.changes" disableSort>
          <ChangedFieldsSummary />
        </DataTable.Col>
      </DataTable>
    </List>
  );
};
