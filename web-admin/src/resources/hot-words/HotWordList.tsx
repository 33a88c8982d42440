import { DataTable, EditButton, List, SearchInput, useTranslate } from 'react-admin';

export const HotWordList = () => {
  const translate = useTranslate();
  const filters = [<SearchInput key="q" source="q" alwaysOn placeholder={translate('resources.hot-words.fields.q')} />];
  return (
    <List filters={filters} sort={{ field: 'sort', order: 'ASC' }} perPage={50} exporter={false}>
      <DataTable>
        <DataTable.NumberCol source="sort" />
        <DataTable.Col source="wordZh" />
        <DataTable.Col source="wordEn" />
        <DataTable.Col source="id" />
        <DataTable.Col align="right">
          <EditButton />
        </DataTable.Col>
      </DataTable>
    </List>
  );
};
