import { Box, Grid } from '@mui/material';
import type { ReactNode } from 'react';
import {
  BooleanField,
  EditButton,
  ListButton,
  NumberField,
  ReferenceField,
  Show,
  SimpleShowLayout,
  TextField,
  TopToolbar,
} from 'react-admin';
import { Section } from '../../common/Section';
import { ShanghaiDateField } from '../../common/ShanghaiDateField';
import { UserField } from '../../common/UserField';
import { DurationField, FiltersField, KeywordsField, KindField, MaterialPreview, SizeField, SourceField, StatusField } from './fields';
import { PublishToggleButton } from './PublishButtons';

const ShowActions = () => (
  <TopToolbar>
    <ListButton />
    <PublishToggleButton />
    <EditButton />
  </TopToolbar>
);

const Block = ({ title, children }: { title: string; children: ReactNode }) => (
  <>
    <Section title={title} />
    <SimpleShowLayout sx={{ px: 0, pt: 0.5 }}>{children}</SimpleShowLayout>
  </>
);

/** Everything about one material: the 480p preview (or the photo) and every field. */
export const MaterialShow = () => (
  <Show actions={<ShowActions />}>
    <Grid container spacing={3} sx={{ p: 2 }}>
      <Grid size={{ xs: 12, md: 5 }}>
        <MaterialPreview />
        <Box sx={{ mt: 2 }} />
        <Block title="resources.materials.sections.media">
          <TextField source="code" />
          <TextField source="id" />
          <KindField source="kind" />
          <DurationField source="duration" />
          <TextField source="frameRate" emptyText="—" />
          <SizeField label="resources.materials.fields.size" />
          <TextField source="maxResolution" />
          <BooleanField source="hdrFlag" />
          <BooleanField source="groupFlag" />
          <UserField source="contributorId" testId="material-contributor" />
        </Block>
      </Grid>
      <Grid size={{ xs: 12, md: 7 }}>
        <Block title="resources.materials.sections.catalogue">
          <StatusField source="status" />
          <ReferenceField source="categoryId" reference="categories" link={false} emptyText="—" />
          <SourceField source="from" />
          <NumberField source="salesCount" />
        </Block>
        <Block title="resources.materials.sections.texts">
          <TextField source="titleZh" emptyText="—" />
          <TextField source="titleEn" emptyText="—" />
          <KeywordsField source="keywordsZh" />
          <KeywordsField source="keywordsEn" />
          <TextField source="descriptionZh" emptyText="—" sx={{ whiteSpace: 'pre-wrap' }} />
          <TextField source="descriptionEn" emptyText="—" sx={{ whiteSpace: 'pre-wrap' }} />
        </Block>
        <Block title="resources.materials.sections.filters">
          <FiltersField source="filters" label={false} />
        </Block>
        <Block title="resources.materials.sections.dates">
          <ShanghaiDateField source="createdAt" />
          <ShanghaiDateField source="updatedAt" />
          <ShanghaiDateField source="onlineAt" emptyText="—" />
        </Block>
      </Grid>
    </Grid>
  </Show>
);
