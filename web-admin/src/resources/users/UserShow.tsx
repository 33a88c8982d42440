import { Grid } from '@mui/material';
import type { ReactNode } from 'react';
import { BooleanField, Show, SimpleShowLayout, TextField } from 'react-admin';
import { Section } from '../../common/Section';
import { ShanghaiDateField } from '../../common/ShanghaiDateField';
import { ProjectLinkField } from '../projects/fields';
import { ContactDetails } from './ContactDetails';
import { GidField } from './gid';
import { ProtocolField } from './ProtocolField';

const Column = ({ title, children }: { title: string; children: ReactNode }) => (
  <Grid size={{ xs: 12, md: 4 }}>
    <Section title={title} />
    <SimpleShowLayout sx={{ px: 0 }}>{children}</SimpleShowLayout>
  </Grid>
);

export const UserShow = () => (
  <Show>
    <Grid container spacing={2} sx={{ p: 2 }}>
      <Column title="resources.users.sections.account">
        <TextField source="id" />
        <TextField source="nickname" />
        <ContactDetails />
        <BooleanField source="disabled" />
        <ShanghaiDateField source="createdAt" />
        <ShanghaiDateField source="lastLoginAt" emptyText="—" />
      </Column>
      <Column title="resources.users.sections.contributor">
        <GidField source="gid" />
        <BooleanField source="signFlag" />
        <BooleanField source="verity" />
        <BooleanField source="videoFlag" />
        <BooleanField source="photoFlag" />
        <ProtocolField source="protocolAgreed" />
      </Column>
      <Column title="resources.users.sections.customer">
        <TextField source="customerId" emptyText="—" />
        <TextField source="customerStatus" emptyText="—" />
        <TextField source="customerType" emptyText="—" />
        <ProjectLinkField source="projectId" />
        <BooleanField source="enterpriseAdmin" />
      </Column>
    </Grid>
  </Show>
);
