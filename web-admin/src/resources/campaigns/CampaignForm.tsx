import { CAMPAIGN_PAGES, campaignSetupSchema, campaignUpdateSchema } from '@mkt/contracts';
import { Box, Link as MuiLink } from '@mui/material';
import type { ReactNode } from 'react';
import {
  ArrayInput,
  AutocompleteInput,
  BooleanInput,
  Create,
  Edit,
  ListButton,
  NumberInput,
  ReferenceInput,
  SelectInput,
  SimpleForm,
  SimpleFormIterator,
  TextInput,
  TopToolbar,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { Section } from '../../common/Section';
import { validateWith } from '../../common/validation';

const validateCreate = validateWith(campaignSetupSchema);
const validateUpdate = validateWith(campaignUpdateSchema);
const keepEmpty = (value: string | null) => value ?? '';
const emptyToNull = (value: string | null) => (value ? value : null);

/** Every campaign page is a store route; its slug names it ("fcb1year-m2" is /fcb1year/m2). */
export const PAGE_CHOICES = CAMPAIGN_PAGES.map((id) => ({ id, name: `/${id.replace('-', '/')}` }));

const Row = ({ children }: { children: ReactNode }) => (
  <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 3, alignItems: 'flex-start', width: '100%' }}>{children}</Box>
);

/** Opens the page in the store as visitors see it. */
const StoreLink = () => {
  const record = useRecordContext<{ slug: string }>();
  const translate = useTranslate();
  if (!record?.slug) return null;
  return (
    <MuiLink href={`/${record.slug.replace('-', '/')}`} target="_blank" rel="noreferrer">
      {translate('app.campaign.open')}
    </MuiLink>
  );
};

const Fields = () => (
  <>
    <Row>
      <ReferenceInput source="contestId" reference="contests" sort={{ field: 'id', order: 'DESC' }} perPage={50}>
        <AutocompleteInput optionText={(contest: { titleZh: string; titleEn: string }) => `${contest.titleZh} · ${contest.titleEn}`} helperText="app.campaign.contest_helper" sx={{ minWidth: 360 }} />
      </ReferenceInput>
      <NumberInput source="winnersShown" min={0} max={24} step={1} sx={{ width: 180 }} />
      <BooleanInput source="published" sx={{ mt: 1.5 }} />
    </Row>
    <Row>
      <TextInput source="titleZh" isRequired sx={{ flex: '1 1 320px' }} />
      <TextInput source="titleEn" isRequired sx={{ flex: '1 1 320px' }} />
    </Row>
    <Row>
      <TextInput source="subtitleZh" parse={keepEmpty} sx={{ flex: '1 1 320px' }} />
      <TextInput source="subtitleEn" parse={keepEmpty} sx={{ flex: '1 1 320px' }} />
    </Row>
    <TextInput source="bannerUrl" parse={emptyToNull} helperText="app.campaign.banner_helper" fullWidth />
    <Section title="resources.campaigns.fields.sections" />
    <ArrayInput source="sections" label={false}>
      <SimpleFormIterator inline={false} disableReordering={false}>
        <Row>
          <TextInput source="headingZh" parse={keepEmpty} sx={{ flex: '1 1 300px' }} />
          <TextInput source="headingEn" parse={keepEmpty} sx={{ flex: '1 1 300px' }} />
        </Row>
        <Row>
          <TextInput source="textZh" parse={keepEmpty} multiline minRows={3} sx={{ flex: '1 1 300px' }} />
          <TextInput source="textEn" parse={keepEmpty} multiline minRows={3} sx={{ flex: '1 1 300px' }} />
        </Row>
      </SimpleFormIterator>
    </ArrayInput>
  </>
);

export const CampaignCreate = () => (
  <Create redirect="list">
    <SimpleForm
      validate={validateCreate}
      defaultValues={{ contestId: null, subtitleZh: '', subtitleEn: '', bannerUrl: null, sections: [], winnersShown: 6, published: true }}
      sx={{ maxWidth: 960 }}
    >
      <SelectInput source="slug" choices={PAGE_CHOICES} isRequired sx={{ width: 260 }} />
      <Fields />
    </SimpleForm>
  </Create>
);

export const CampaignEdit = () => (
  <Edit
    mutationMode="pessimistic"
    redirect="list"
    actions={
      <TopToolbar>
        <StoreLink />
        <ListButton />
      </TopToolbar>
    }
  >
    <SimpleForm validate={validateUpdate} sx={{ maxWidth: 960 }}>
      <SelectInput source="slug" choices={PAGE_CHOICES} disabled sx={{ width: 260 }} />
      <Fields />
    </SimpleForm>
  </Edit>
);
