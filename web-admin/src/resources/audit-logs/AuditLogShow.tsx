import { Box, Grid } from '@mui/material';
import { Labeled, ListButton, Show, TextField, TopToolbar } from 'react-admin';
import { ShanghaiDateField } from '../../common/ShanghaiDateField';
import { ChangesTable } from './ChangesTable';
import { ActionField, ResourceField, ResourceIdField } from './fields';

const ShowActions = () => (
  <TopToolbar>
    <ListButton />
  </TopToolbar>
);

export const AuditLogShow = () => (
  <Show actions={<ShowActions />}>
    <Box sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Grid container spacing={2} sx={{ width: '100%' }}>
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>
          <Labeled source="at">
            <ShanghaiDateField source="at" />
          </Labeled>
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>
          <Labeled source="staffUsername">
            <TextField source="staffUsername" />
          </Labeled>
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>
          <Labeled source="action">
            <ActionField />
          </Labeled>
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>
          <Labeled source="resource">
            <ResourceField />
          </Labeled>
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>
          <Labeled source="resourceId">
            <ResourceIdField />
          </Labeled>
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>
          <Labeled source="staffId">
            <TextField source="staffId" />
          </Labeled>
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>
          <Labeled source="id">
            <TextField source="id" />
          </Labeled>
        </Grid>
      </Grid>
      <Labeled label="app.audit.changes" fullWidth>
        <ChangesTable />
      </Labeled>
    </Box>
  </Show>
);
