import { staffCreateSchema } from '@mkt/contracts';
import { Create, PasswordInput, SelectArrayInput, SimpleForm, TextInput } from 'react-admin';
import { validateWith } from '../../common/validation';
import { roleChoices } from './roles';

const validate = validateWith(staffCreateSchema, {
  username: { invalid_format: 'app.validation.username_format' },
  roles: { too_small: 'app.validation.roles_required', invalid_type: 'app.validation.roles_required' },
});

export const StaffCreate = () => (
  <Create redirect="show">
    <SimpleForm validate={validate} sx={{ maxWidth: 520 }}>
      <TextInput source="username" autoComplete="off" helperText="resources.staff.helpers.username" isRequired />
      <TextInput source="displayName" isRequired />
      <PasswordInput
        source="password"
        autoComplete="new-password"
        helperText="resources.staff.helpers.password"
        isRequired
      />
      <SelectArrayInput source="roles" choices={roleChoices} isRequired />
    </SimpleForm>
  </Create>
);
