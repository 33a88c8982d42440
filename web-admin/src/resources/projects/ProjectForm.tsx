import { projectCreateSchema, projectUpdateSchema } from '@mkt/contracts';
import { Box } from '@mui/material';
import type { ReactNode } from 'react';
import { Create, Edit, Labeled, NumberInput, SelectInput, ShowButton, SimpleForm, TextField, TextInput, TopToolbar } from 'react-admin';
import { Section } from '../../common/Section';
import { ShanghaiDateTimeInput } from '../../common/ShanghaiDateTimeInput';
import { validateWith } from '../../common/validation';
import { durationChoices, projectTypeChoices, regionChoices, statusChoices } from './choices';

const validateCreate = validateWith(projectCreateSchema, { id: { invalid_format: 'app.validation.project_id_format' } });
const validateUpdate = validateWith(projectUpdateSchema);

/** Not started until staff say so: a new project does not let anyone download by accident. */
const NEW_PROJECT = { status: 0, videoBranches: 0, photoBranches: 0, validUntil: null };

const Row = ({ children }: { children: ReactNode }) => (
  <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 3, alignItems: 'flex-start', width: '100%' }}>{children}</Box>
);

/** Everything but the project number, which is fixed once created (orders and authorization files carry it). */
const Fields = () => (
  <>
    <Row>
      <TextInput source="name" isRequired sx={{ width: 320 }} />
      <SelectInput source="status" choices={statusChoices} isRequired sx={{ width: 200 }} />
    </Row>
    <Section title="resources.projects.sections.company" />
    <Row>
      <TextInput source="companyName" isRequired helperText="resources.projects.helpers.companyName" sx={{ width: 320 }} />
      <TextInput source="customerId" isRequired helperText="resources.projects.helpers.customerId" sx={{ width: 240 }} />
    </Row>
    <Section title="resources.projects.sections.allowances" />
    <Row>
      <NumberInput source="videoBranches" min={0} step={1} isRequired helperText="resources.projects.helpers.branches" sx={{ width: 200 }} />
      <NumberInput source="photoBranches" min={0} step={1} isRequired helperText="resources.projects.helpers.branches" sx={{ width: 200 }} />
      <ShanghaiDateTimeInput source="validUntil" helperText="resources.projects.helpers.validUntil" sx={{ width: 260 }} />
    </Row>
    <Section title="resources.projects.sections.licence" />
    <Row>
      <SelectInput source="projectType" choices={projectTypeChoices} translateChoice={false} isRequired sx={{ width: 240 }} />
      <SelectInput source="region" choices={regionChoices} translateChoice={false} isRequired sx={{ width: 240 }} />
      <SelectInput source="duration" choices={durationChoices} translateChoice={false} isRequired sx={{ width: 240 }} />
    </Row>
    <TextInput source="purpose" isRequired helperText="resources.projects.helpers.purpose" fullWidth />
  </>
);

export const ProjectCreate = () => (
  <Create redirect="show">
    <SimpleForm validate={validateCreate} defaultValues={NEW_PROJECT} sx={{ maxWidth: 900 }}>
      <TextInput source="id" autoComplete="off" isRequired helperText="resources.projects.helpers.id" sx={{ width: 320 }} />
      <Fields />
    </SimpleForm>
  </Create>
);

const EditActions = () => (
  <TopToolbar>
    <ShowButton />
  </TopToolbar>
);

export const ProjectEdit = () => (
  <Edit mutationMode="pessimistic" redirect="show" actions={<EditActions />}>
    <SimpleForm validate={validateUpdate} sx={{ maxWidth: 900 }}>
      <Labeled source="id">
        <TextField source="id" />
      </Labeled>
      <Fields />
    </SimpleForm>
  </Edit>
);
