import { topicAdminCreateSchema, topicAdminUpdateSchema, type MaterialAdminView } from '@mkt/contracts';
import { Box } from '@mui/material';
import type { ReactNode } from 'react';
import {
  AutocompleteArrayInput,
  BooleanInput,
  Create,
  Edit,
  ListButton,
  NumberInput,
  ReferenceArrayInput,
  SimpleForm,
  TextInput,
  TopToolbar,
} from 'react-admin';
import { CoverPreview } from '../../common/media';
import { Section } from '../../common/Section';
import { validateWith } from '../../common/validation';
import { MaterialOption, materialText } from './MaterialOption';
import { MaterialOrder } from './MaterialOrder';

const validateCreate = validateWith(topicAdminCreateSchema);
const validateUpdate = validateWith(topicAdminUpdateSchema);

const keepEmpty = (value: string | null) => value ?? '';

const Row = ({ children }: { children: ReactNode }) => (
  <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 3, alignItems: 'flex-start', width: '100%' }}>{children}</Box>
);

const Fields = () => (
  <>
    <Row>
      <TextInput source="titleZh" isRequired sx={{ flex: '1 1 320px' }} />
      <TextInput source="titleEn" isRequired sx={{ flex: '1 1 320px' }} />
    </Row>
    <Row>
      <TextInput source="descriptionZh" parse={keepEmpty} multiline minRows={2} sx={{ flex: '1 1 320px' }} />
      <TextInput source="descriptionEn" parse={keepEmpty} multiline minRows={2} sx={{ flex: '1 1 320px' }} />
    </Row>
    <Row>
      <NumberInput source="sort" min={0} step={1} sx={{ width: 160 }} />
      <BooleanInput source="published" sx={{ mt: 1.5 }} />
    </Row>
    <TextInput source="homeCoverKey" helperText="app.cover.key_helper" fullWidth />
    <CoverPreview keySource="homeCoverKey" urlSource="homeCoverUrl" />
    <Section title="resources.topics.fields.materialIds" />
    <ReferenceArrayInput source="materialIds" reference="materials" sort={{ field: 'createdAt', order: 'DESC' }} perPage={20}>
      <AutocompleteArrayInput
        label="resources.topics.fields.materialIds"
        optionText={<MaterialOption />}
        inputText={(record: MaterialAdminView) => materialText(record)}
        matchSuggestion={() => true}
        filterToQuery={(q: string) => ({ q })}
        helperText="app.topic.materials_helper"
        fullWidth
      />
    </ReferenceArrayInput>
    <MaterialOrder />
  </>
);

const EditActions = () => (
  <TopToolbar>
    <ListButton />
  </TopToolbar>
);

export const TopicCreate = () => (
  <Create redirect="list">
    <SimpleForm
      validate={validateCreate}
      defaultValues={{ descriptionZh: '', descriptionEn: '', homeCoverKey: null, sort: 0, published: true, materialIds: [] }}
      sx={{ maxWidth: 960 }}
    >
      <Fields />
    </SimpleForm>
  </Create>
);

export const TopicEdit = () => (
  <Edit mutationMode="pessimistic" redirect="list" actions={<EditActions />}>
    <SimpleForm validate={validateUpdate} sx={{ maxWidth: 960 }}>
      <Fields />
    </SimpleForm>
  </Edit>
);
