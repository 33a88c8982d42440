import { EDITORIAL_KINDS, editorialEntryAdminCreateSchema, editorialEntryAdminUpdateSchema, type MaterialAdminView } from '@mkt/contracts';
import { Box } from '@mui/material';
import type { ReactNode } from 'react';
import {
  AutocompleteArrayInput,
  AutocompleteInput,
  BooleanInput,
  Create,
  Edit,
  ListButton,
  NumberInput,
  ReferenceArrayInput,
  ReferenceInput,
  SelectInput,
  SimpleForm,
  TextInput,
  TopToolbar,
} from 'react-admin';
import { CoverPreview } from '../../common/media';
import { Section } from '../../common/Section';
import { validateWith } from '../../common/validation';
import { MaterialOption, materialText } from '../topics/MaterialOption';
import { MaterialOrder } from '../topics/MaterialOrder';

const validateCreate = validateWith(editorialEntryAdminCreateSchema);
const validateUpdate = validateWith(editorialEntryAdminUpdateSchema);

const keepEmpty = (value: string | null) => value ?? '';
const KIND_CHOICES = EDITORIAL_KINDS.map((id) => ({ id, name: `app.editorial.kinds.${id}` }));
/** Only published videos and photos can appear on an editorial page. */
const PUBLISHED = { status: 'published' };

const Row = ({ children }: { children: ReactNode }) => (
  <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 3, alignItems: 'flex-start', width: '100%' }}>{children}</Box>
);

const materialPicker = {
  optionText: <MaterialOption />,
  inputText: (record: MaterialAdminView) => materialText(record),
  matchSuggestion: () => true,
  filterToQuery: (q: string) => ({ q }),
  fullWidth: true,
};

const Fields = () => (
  <>
    <Row>
      <SelectInput source="kind" choices={KIND_CHOICES} isRequired sx={{ width: 220 }} />
      <NumberInput source="sort" min={0} step={1} sx={{ width: 160 }} />
      <BooleanInput source="published" sx={{ mt: 1.5 }} />
    </Row>
    <Row>
      <TextInput source="titleZh" isRequired sx={{ flex: '1 1 320px' }} />
      <TextInput source="titleEn" isRequired sx={{ flex: '1 1 320px' }} />
    </Row>
    <Row>
      <TextInput source="brandZh" parse={keepEmpty} helperText="app.editorial.brand_helper" sx={{ flex: '1 1 320px' }} />
      <TextInput source="brandEn" parse={keepEmpty} helperText="app.editorial.brand_helper" sx={{ flex: '1 1 320px' }} />
    </Row>
    <Row>
      <TextInput source="bodyZh" parse={keepEmpty} multiline minRows={6} helperText="app.editorial.body_helper" sx={{ flex: '1 1 320px' }} />
      <TextInput source="bodyEn" parse={keepEmpty} multiline minRows={6} helperText="app.editorial.body_helper" sx={{ flex: '1 1 320px' }} />
    </Row>
    <TextInput source="coverKey" helperText="app.cover.key_helper" fullWidth />
    <CoverPreview keySource="coverKey" urlSource="coverUrl" />
    <ReferenceInput source="featuredMaterialId" reference="materials" filter={PUBLISHED} sort={{ field: 'createdAt', order: 'DESC' }} perPage={20}>
      <AutocompleteInput label="resources.editorial-entries.fields.featuredMaterialId" helperText="app.editorial.featured_helper" {...materialPicker} />
    </ReferenceInput>
    <Section title="resources.editorial-entries.fields.relatedMaterialIds" />
    <ReferenceArrayInput source="relatedMaterialIds" reference="materials" filter={PUBLISHED} sort={{ field: 'createdAt', order: 'DESC' }} perPage={20}>
      <AutocompleteArrayInput label="resources.editorial-entries.fields.relatedMaterialIds" helperText="app.editorial.related_helper" {...materialPicker} />
    </ReferenceArrayInput>
    <MaterialOrder source="relatedMaterialIds" />
  </>
);

const EditActions = () => (
  <TopToolbar>
    <ListButton />
  </TopToolbar>
);

export const EditorialCreate = () => (
  <Create redirect="list">
    <SimpleForm
      validate={validateCreate}
      defaultValues={{
        kind: 'case',
        bodyZh: '',
        bodyEn: '',
        brandZh: '',
        brandEn: '',
        coverKey: null,
        featuredMaterialId: null,
        relatedMaterialIds: [],
        published: false,
        sort: 0,
      }}
      sx={{ maxWidth: 960 }}
    >
      <Fields />
    </SimpleForm>
  </Create>
);

export const EditorialEdit = () => (
  <Edit mutationMode="pessimistic" redirect="list" actions={<EditActions />}>
    <SimpleForm validate={validateUpdate} sx={{ maxWidth: 960 }}>
      <Fields />
    </SimpleForm>
  </Edit>
);
