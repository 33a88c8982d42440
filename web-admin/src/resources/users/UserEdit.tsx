import { userAdminUpdateSchema } from '@mkt/contracts';
import { Box } from '@mui/material';
import type { ReactNode } from 'react';
import {
  BooleanInput,
  Edit,
  Labeled,
  NumberInput,
  ShowButton,
  SimpleForm,
  TextField,
  TextInput,
  TopToolbar,
} from 'react-admin';
import { Section } from '../../common/Section';
import { validateWith } from '../../common/validation';
import { GidInput } from './gid';
import { ProjectInput } from './ProjectInput';

const validate = validateWith(userAdminUpdateSchema);

const Row = ({ children }: { children: ReactNode }) => (
  <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 3, alignItems: 'flex-start', width: '100%' }}>{children}</Box>
);

const EditActions = () => (
  <TopToolbar>
    <ShowButton />
  </TopToolbar>
);

/** Only the fields of userAdminUpdateSchema are editable; phone and e-mail are shown read-only, masked (revealed on the show page). */
export const UserEdit = () => (
  <Edit mutationMode="pessimistic" redirect="show" actions={<EditActions />}>
    <SimpleForm validate={validate} sx={{ maxWidth: 900 }}>
      <Row>
        <Labeled source="phone">
          <TextField source="phone" emptyText="—" />
        </Labeled>
        <Labeled source="email">
          <TextField source="email" emptyText="—" />
        </Labeled>
        <Labeled source="id">
          <TextField source="id" />
        </Labeled>
      </Row>
      <Section title="resources.users.sections.account" />
      <Row>
        <TextInput source="nickname" sx={{ width: 300 }} />
        <BooleanInput source="disabled" sx={{ mt: 1 }} />
      </Row>
      <Section title="resources.users.sections.contributor" />
      <GidInput sx={{ width: 300 }} />
      <Row>
        <BooleanInput source="signFlag" />
        <BooleanInput source="verity" />
        <BooleanInput source="videoFlag" />
        <BooleanInput source="photoFlag" />
      </Row>
      <Section title="resources.users.sections.customer" />
      <Row>
        <TextInput source="customerId" sx={{ width: 200 }} />
        <NumberInput source="customerStatus" min={0} max={9} step={1} sx={{ width: 160 }} />
        <NumberInput source="customerType" min={0} max={9} step={1} sx={{ width: 160 }} />
      </Row>
      <Row>
        <ProjectInput width={360} />
        <BooleanInput source="enterpriseAdmin" helperText="resources.users.helpers.enterpriseAdmin" sx={{ mt: 1 }} />
      </Row>
    </SimpleForm>
  </Edit>
);
