import { STATEMENT_STATUSES } from '@mkt/contracts';
import {
  DataTable,
  FilterButton,
  List,
  NumberField,
  SearchInput,
  SelectInput,
  TextField,
  TextInput,
  TopToolbar,
  type Validator,
} from 'react-admin';
import { ShanghaiDateField } from '../../common/ShanghaiDateField';
import { GenerateButton } from './GenerateButton';
import { RemitButton } from './RemitButton';
import { ContributorField, QuarterField, StatusChip, YuanField } from './fields';
import { parseContributorId, statementYears } from './payouts';

/** The server takes only whole contributor ids; a half-pasted one would make the list fail. */
const contributorIdFilter: Validator = (value: unknown) =>
  typeof value === 'string' && value.trim() !== '' && !parseContributorId(value) ? 'resources.statements.contributor_id_invalid' : undefined;

const ListActions = () => (
  <TopToolbar>
    <FilterButton />
    <GenerateButton />
  </TopToolbar>
);

export const StatementList = () => {
  const filters = [
    <SearchInput key="q" source="q" alwaysOn />,
    <SelectInput key="status" source="status" choices={STATEMENT_STATUSES.map((id) => ({ id, name: `resources.statements.statuses.${id}` }))} alwaysOn />,
    <SelectInput key="year" source="year" choices={statementYears(new Date()).map((year) => ({ id: year, name: String(year) }))} translateChoice={false} alwaysOn />,
    <SelectInput key="quarter" source="quarter" choices={[1, 2, 3, 4].map((quarter) => ({ id: quarter, name: `Q${quarter}` }))} translateChoice={false} alwaysOn />,
    <TextInput key="contributorId" source="contributorId" validate={contributorIdFilter} />,
  ];
  return (
    <List filters={filters} actions={<ListActions />} empty={false} sort={{ field: 'createdAt', order: 'DESC' }} perPage={25} exporter={false}>
      <DataTable rowClick="show" bulkActionButtons={<RemitButton />}>
        <DataTable.Col source="contributorId" disableSort>
          <ContributorField />
        </DataTable.Col>
        <DataTable.Col source="year" label="resources.statements.fields.period">
          <QuarterField />
        </DataTable.Col>
        <DataTable.Col source="status">
          <StatusChip />
        </DataTable.Col>
        <DataTable.NumberCol source="lineCount" field={NumberField} disableSort />
        <DataTable.Col source="grossFen" align="right" disableSort>
          <YuanField source="grossFen" />
        </DataTable.Col>
        <DataTable.Col source="taxFen" align="right" disableSort>
          <YuanField source="taxFen" />
        </DataTable.Col>
        <DataTable.Col source="netFen" align="right">
          <YuanField source="netFen" />
        </DataTable.Col>
        <DataTable.Col source="rejectReason" field={TextField} disableSort />
        <DataTable.Col source="remittanceBatch" field={TextField} disableSort />
        <DataTable.Col source="createdAt" field={ShanghaiDateField} />
      </DataTable>
    </List>
  );
};
