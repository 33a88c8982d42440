import { Grid } from '@mui/material';
import type { ReactNode } from 'react';
import { EditButton, ListButton, NumberField, Show, SimpleShowLayout, TextField, TopToolbar } from 'react-admin';
import { Section } from '../../common/Section';
import { ShanghaiDateField } from '../../common/ShanghaiDateField';
import { LicenceTermField, ProjectStatusField } from './fields';

const ShowActions = () => (
  <TopToolbar>
    <ListButton />
    <EditButton />
  </TopToolbar>
);

const Column = ({ title, children }: { title: string; children: ReactNode }) => (
  <Grid size={{ xs: 12, md: 4 }}>
    <Section title={title} />
    <SimpleShowLayout sx={{ px: 0 }}>{children}</SimpleShowLayout>
  </Grid>
);

export const ProjectShow = () => (
  <Show actions={<ShowActions />}>
    <Grid container spacing={2} sx={{ p: 2 }}>
      <Column title="resources.projects.sections.project">
        <TextField source="id" />
        <TextField source="name" />
        <TextField source="companyName" />
        <TextField source="customerId" />
        <ProjectStatusField source="status" />
        <ShanghaiDateField source="createdAt" />
        <ShanghaiDateField source="updatedAt" />
      </Column>
      <Column title="resources.projects.sections.allowances">
        <NumberField source="videoBranches" />
        <NumberField source="photoBranches" />
        <ShanghaiDateField source="validUntil" emptyText="resources.projects.open_ended" />
      </Column>
      <Column title="resources.projects.sections.licence">
        <LicenceTermField source="projectType" />
        <LicenceTermField source="region" />
        <LicenceTermField source="duration" />
        <TextField source="purpose" />
      </Column>
    </Grid>
  </Show>
);
