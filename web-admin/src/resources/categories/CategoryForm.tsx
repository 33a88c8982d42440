import { categoryAdminCreateSchema, categoryAdminUpdateSchema } from '@mkt/contracts';
import { Box } from '@mui/material';
import { Create, Edit, ListButton, NumberInput, SelectInput, SimpleForm, TextInput, TopToolbar } from 'react-admin';
import { CoverPreview } from '../../common/media';
import { validateWith } from '../../common/validation';
import { categoryKindChoices } from '../materials/choices';

const validateCreate = validateWith(categoryAdminCreateSchema);
const validateUpdate = validateWith(categoryAdminUpdateSchema);

const Fields = () => (
  <>
    <SelectInput source="kind" choices={categoryKindChoices} isRequired sx={{ width: 200 }} />
    <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 3, width: '100%' }}>
      <TextInput source="nameZh" isRequired sx={{ width: 280 }} />
      <TextInput source="nameEn" isRequired sx={{ width: 280 }} />
    </Box>
    <NumberInput source="sort" min={0} step={1} sx={{ width: 200 }} />
    <TextInput source="coverKey" helperText="app.cover.key_helper" fullWidth />
    <CoverPreview keySource="coverKey" urlSource="coverUrl" />
  </>
);

const EditActions = () => (
  <TopToolbar>
    <ListButton />
  </TopToolbar>
);

export const CategoryCreate = () => (
  <Create redirect="list">
    <SimpleForm validate={validateCreate} defaultValues={{ kind: 'video', sort: 0, coverKey: null }} sx={{ maxWidth: 640 }}>
      <Fields />
    </SimpleForm>
  </Create>
);

export const CategoryEdit = () => (
  <Edit mutationMode="pessimistic" redirect="list" actions={<EditActions />}>
    <SimpleForm validate={validateUpdate} sx={{ maxWidth: 640 }}>
      <Fields />
    </SimpleForm>
  </Edit>
);
