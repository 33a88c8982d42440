import { Create, Edit, ListButton, SimpleForm, TextArrayInput, TopToolbar } from 'react-admin';
import { validateSynonymGroup } from './validate';

const Fields = () => <TextArrayInput source="terms" isRequired helperText="app.synonyms.terms_helper" sx={{ width: 560 }} />;

const EditActions = () => (
  <TopToolbar>
    <ListButton />
  </TopToolbar>
);

export const SearchSynonymCreate = () => (
  <Create redirect="list">
    <SimpleForm validate={validateSynonymGroup} defaultValues={{ terms: [] }} sx={{ maxWidth: 640 }}>
      <Fields />
    </SimpleForm>
  </Create>
);

export const SearchSynonymEdit = () => (
  <Edit mutationMode="pessimistic" redirect="list" actions={<EditActions />}>
    <SimpleForm validate={validateSynonymGroup} sx={{ maxWidth: 640 }}>
      <Fields />
    </SimpleForm>
  </Edit>
);
