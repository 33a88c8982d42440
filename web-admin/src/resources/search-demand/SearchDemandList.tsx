import { SEARCH_DEMAND_KINDS, SEARCH_DEMAND_LISTS, SEARCH_DEMAND_WINDOWS, type SearchDemandAdminRow } from '@mkt/contracts';
import { DataTable, FunctionField, List, NumberField, ReferenceInput, SelectInput } from 'react-admin';

const percent = (share: number) => `${Math.round(share * 100)}%`;

/**
 * "What buyers look for", read-only: one list (top, unmet, rising) of a period, kind and category
 * at a time, in the list's own order (the server ranks; the columns do not sort).
 */
export const SearchDemandList = () => {
  const filters = [
    <SelectInput key="list" source="list" alwaysOn choices={SEARCH_DEMAND_LISTS.map((id) => ({ id, name: `app.searchDemand.lists.${id}` }))} />,
    <SelectInput key="window" source="window" alwaysOn choices={SEARCH_DEMAND_WINDOWS.map((id) => ({ id, name: `app.searchDemand.windows.${id}` }))} />,
    <SelectInput key="kind" source="kind" alwaysOn choices={SEARCH_DEMAND_KINDS.map((id) => ({ id, name: `app.searchDemand.kinds.${id}` }))} />,
    <ReferenceInput key="categoryId" source="categoryId" reference="categories" sort={{ field: 'sort', order: 'ASC' }} perPage={200}>
      <SelectInput optionText={(category: { nameZh: string; nameEn: string; kind: string }) => `${category.nameZh} / ${category.nameEn} (${category.kind})`} />
    </ReferenceInput>,
  ];
  return (
    <List filters={filters} filterDefaultValues={{ list: 'top', window: 7, kind: 'video' }} sort={{ field: 'rank', order: 'ASC' }} perPage={50} exporter={false}>
      <DataTable rowClick={false} bulkActionButtons={false}>
        <DataTable.NumberCol source="rank" />
        <DataTable.Col source="query" disableSort />
        <DataTable.NumberCol source="searches" disableSort />
        <DataTable.NumberCol source="averageResults" disableSort />
        <DataTable.Col source="openedShare" disableSort align="right">
          <FunctionField<SearchDemandAdminRow> render={(row) => percent(row.openedShare)} />
        </DataTable.Col>
        <DataTable.Col source="orderedShare" disableSort align="right">
          <FunctionField<SearchDemandAdminRow> render={(row) => percent(row.orderedShare)} />
        </DataTable.Col>
        <DataTable.Col source="unmetDemand" disableSort align="right">
          <NumberField source="unmetDemand" emptyText="" />
        </DataTable.Col>
        <DataTable.Col source="previousSearches" disableSort align="right">
          <NumberField source="previousSearches" emptyText="" />
        </DataTable.Col>
      </DataTable>
    </List>
  );
};
