import { DataTable, List, SearchInput, SelectInput, TextField, TextInput, type Validator } from 'react-admin';
import { ShanghaiDateField } from '../../common/ShanghaiDateField';
import { parseContributorId } from '../statements/payouts';
import { ContributorLink, MaskedIdField, StatusChip } from './fields';
import { REVIEW_STATUSES } from './realName';

/** The server takes only whole user ids; a half-pasted one would make the list fail. */
const userIdFilter: Validator = (value: unknown) =>
  typeof value === 'string' && value.trim() !== '' && !parseContributorId(value) ? 'resources.real-name-reviews.user_id_invalid' : undefined;

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="status" source="status" choices={REVIEW_STATUSES.map((id) => ({ id, name: `resources.real-name-reviews.statuses.${id}` }))} alwaysOn />,
  <TextInput key="userId" source="userId" validate={userIdFilter} />,
];

/** The review queue: waiting submissions first by default, a contributor's earlier ones one filter away. */
export const RealNameReviewList = () => (
  <List filters={filters} filterDefaultValues={{ status: 'verifying' }} sort={{ field: 'submittedAt', order: 'DESC' }} perPage={25} exporter={false} empty={false}>
    <DataTable rowClick="show" bulkActionButtons={false}>
      <DataTable.Col source="status">
        <StatusChip />
      </DataTable.Col>
      <DataTable.Col source="name" field={TextField} disableSort />
      <DataTable.Col source="idNumberMasked" disableSort>
        <MaskedIdField />
      </DataTable.Col>
      <DataTable.Col source="nickname" disableSort>
        <ContributorLink />
      </DataTable.Col>
      <DataTable.Col source="submittedAt" field={ShanghaiDateField} />
      <DataTable.Col source="reviewedAt" field={ShanghaiDateField} />
      <DataTable.Col source="reviewedBy" field={TextField} disableSort />
      <DataTable.Col source="rejectReason" field={TextField} disableSort />
    </DataTable>
  </List>
);
