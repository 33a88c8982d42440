import { hotWordAdminCreateSchema, hotWordAdminUpdateSchema } from '@mkt/contracts';
import { Create, Edit, ListButton, NumberInput, SimpleForm, TextInput, TopToolbar } from 'react-admin';
import { validateWith } from '../../common/validation';

const validateCreate = validateWith(hotWordAdminCreateSchema);
const validateUpdate = validateWith(hotWordAdminUpdateSchema);

const Fields = () => (
  <>
    <TextInput source="wordZh" isRequired sx={{ width: 320 }} />
    <TextInput source="wordEn" isRequired sx={{ width: 320 }} />
    <NumberInput source="sort" min={0} step={1} sx={{ width: 160 }} />
  </>
);

const EditActions = () => (
  <TopToolbar>
    <ListButton />
  </TopToolbar>
);

export const HotWordCreate = () => (
  <Create redirect="list">
    <SimpleForm validate={validateCreate} defaultValues={{ sort: 0 }} sx={{ maxWidth: 520 }}>
      <Fields />
    </SimpleForm>
  </Create>
);

export const HotWordEdit = () => (
  <Edit mutationMode="pessimistic" redirect="list" actions={<EditActions />}>
    <SimpleForm validate={validateUpdate} sx={{ maxWidth: 520 }}>
      <Fields />
    </SimpleForm>
  </Edit>
);
