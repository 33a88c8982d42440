import { staffUpdateSchema } from '@mkt/contracts';
import {
  BooleanInput,
  Edit,
  Labeled,
  PasswordInput,
  SelectArrayInput,
  ShowButton,
  SimpleForm,
  TextField,
  TextInput,
  TopToolbar,
} from 'react-admin';
import { validateWith } from '../../common/validation';
import { roleChoices } from './roles';

/** An empty password field means "keep the current password". */
const validate = validateWith(
  staffUpdateSchema,
  { roles: { too_small: 'app.validation.roles_required', invalid_type: 'app.validation.roles_required' } },
  ({ password, ...rest }) => (password ? { ...rest, password } : rest),
);

const EditActions = () => (
  <TopToolbar>
    <ShowButton />
  </TopToolbar>
);

export const StaffEdit = () => (
  <Edit mutationMode="pessimistic" redirect="show" actions={<EditActions />}>
    <SimpleForm validate={validate} sx={{ maxWidth: 520 }}>
      <Labeled source="username">
        <TextField source="username" />
      </Labeled>
      <TextInput source="displayName" isRequired />
      <SelectArrayInput source="roles" choices={roleChoices} isRequired />
      <BooleanInput source="disabled" />
      <PasswordInput
        source="password"
        label="resources.staff.fields.new_password"
        autoComplete="new-password"
        helperText="resources.staff.helpers.new_password"
      />
    </SimpleForm>
  </Edit>
);
