import { ORDER_KINDS, type OrderAdminView, formatFen } from '@mkt/contracts';
import { DataTable, FunctionField, List, SearchInput, SelectInput, TextField, useTranslate } from 'react-admin';
import { ShanghaiDateField } from '../../common/ShanghaiDateField';

const STATUSES = ['submitted', 'quoted', 'paid', 'confirmed', 'closed'] as const;

export const OrderList = () => {
  const translate = useTranslate();
  const filters = [
    <SearchInput key="q" source="q" alwaysOn />,
    <SelectInput key="status" source="status" choices={STATUSES.map((id) => ({ id, name: `app.orders.status.${id}` }))} alwaysOn />,
    <SelectInput key="kind" source="kind" choices={ORDER_KINDS.map((id) => ({ id, name: `app.orders.kind.${id}` }))} />,
  ];
  return (
    <List filters={filters} sort={{ field: 'createdAt', order: 'DESC' }} perPage={25} exporter={false}>
      <DataTable rowClick="show" bulkActionButtons={false}>
        <DataTable.Col source="orderNo" field={TextField} />
        <DataTable.Col source="kind" disableSort>
          <FunctionField render={(r: OrderAdminView) => [translate(`app.orders.kind.${r.kind}`), r.projectId].filter(Boolean).join(' · ')} />
        </DataTable.Col>
        <DataTable.Col source="status">
          <FunctionField render={(r: { status: string }) => translate(`app.orders.status.${r.status}`)} />
        </DataTable.Col>
        <DataTable.Col source="totalFen">
          <FunctionField render={(r: { totalFen: number | null }) => formatFen(r.totalFen)} />
        </DataTable.Col>
        <DataTable.Col source="createdAt" field={ShanghaiDateField} />
      </DataTable>
    </List>
  );
};
