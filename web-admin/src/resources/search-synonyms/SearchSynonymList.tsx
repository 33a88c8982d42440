import { DataTable, EditButton, List, SearchInput, TextArrayField, useTranslate } from 'react-admin';
import { ShanghaiDateField } from '../../common/ShanghaiDateField';

export const SearchSynonymList = () => {
  const translate = useTranslate();
  const filters = [<SearchInput key="q" source="q" alwaysOn placeholder={translate('resources.search-synonyms.fields.q')} />];
  return (
    <List filters={filters} sort={{ field: 'id', order: 'ASC' }} perPage={50} exporter={false}>
      <DataTable>
        <DataTable.Col source="terms" disableSort>
          <TextArrayField source="terms" />
        </DataTable.Col>
        <DataTable.Col source="updatedAt">
          <ShanghaiDateField source="updatedAt" />
        </DataTable.Col>
        <DataTable.Col source="id" />
        <DataTable.Col align="right">
          <EditButton />
        </DataTable.Col>
      </DataTable>
    </List>
  );
};
