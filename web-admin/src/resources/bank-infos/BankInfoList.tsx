import { DataTable, List, SearchInput, SelectInput, TextField } from 'react-admin';
import { ShanghaiDateField } from '../../common/ShanghaiDateField';
import { ContributorField } from '../statements/fields';
import { BankStatusChip, SettlementField } from './fields';

/** Bank-info submissions, the ones waiting for review first; the numbers stay masked here. */
export const BankInfoList = () => {
  const filters = [
    <SearchInput key="q" source="q" alwaysOn />,
    <SelectInput key="status" source="status" choices={['verifying', 'failed', 'verified'].map((id) => ({ id, name: `resources.bank-infos.statuses.${id}` }))} alwaysOn />,
  ];
  return (
    <List filters={filters} filterDefaultValues={{ status: 'verifying' }} sort={{ field: 'submittedAt', order: 'DESC' }} perPage={25} exporter={false} empty={false}>
      <DataTable rowClick="show" bulkActionButtons={false}>
        <DataTable.Col source="contributorId" disableSort>
          <ContributorField />
        </DataTable.Col>
        <DataTable.Col source="status">
          <BankStatusChip />
        </DataTable.Col>
        <DataTable.Col source="settlementType" disableSort>
          <SettlementField />
        </DataTable.Col>
        <DataTable.Col source="accountName" disableSort />
        <DataTable.Col source="cardNumberMasked" disableSort>
          <TextField source="cardNumberMasked" sx={{ fontFamily: 'monospace' }} />
        </DataTable.Col>
        <DataTable.Col source="bankName" disableSort />
        <DataTable.Col source="submittedAt">
          <ShanghaiDateField source="submittedAt" />
        </DataTable.Col>
      </DataTable>
    </List>
  );
};
