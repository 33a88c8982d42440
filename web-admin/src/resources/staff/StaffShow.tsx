import { BooleanField, Show, SimpleShowLayout, TextField } from 'react-admin';
import { ShanghaiDateField } from '../../common/ShanghaiDateField';
import { RolesField } from './roles';

export const StaffShow = () => (
  <Show>
    <SimpleShowLayout>
      <TextField source="id" />
      <TextField source="username" />
      <TextField source="displayName" />
      <RolesField source="roles" />
      <BooleanField source="disabled" />
      <ShanghaiDateField source="createdAt" />
    </SimpleShowLayout>
  </Show>
);
