import { contributorShareUpdateSchema, type ContributorShareView } from '@mkt/contracts';
import { Typography } from '@mui/material';
import { Edit, Labeled, ListButton, NumberInput, ReferenceField, SaveButton, TextField, TextInput, SimpleForm, Toolbar, TopToolbar, useRecordContext, useTranslate } from 'react-admin';
import { formatShanghai } from '../../common/time';
import { validateWith } from '../../common/validation';

const validate = validateWith(contributorShareUpdateSchema);

/** The server answers a contributor finance never set with the default share, dated at the epoch. */
const isSet = (record: ContributorShareView) => new Date(record.updatedAt).getTime() > 0;

const EditActions = () => (
  <TopToolbar>
    <ListButton />
  </TopToolbar>
);

// No delete: a contributor goes back to the default share only by setting it.
const FormToolbar = () => (
  <Toolbar>
    <SaveButton data-testid="admin-share-save" />
  </Toolbar>
);

function ShareState() {
  const record = useRecordContext<ContributorShareView>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Typography variant="body2" color="text.secondary" data-testid="admin-share-state">
      {isSet(record) ? translate('resources.contributor-shares.set_at', { at: formatShanghai(record.updatedAt) }) : translate('resources.contributor-shares.default_share', { percent: record.sharePercent })}
    </Typography>
  );
}

export const ContributorShareEdit = () => (
  <Edit mutationMode="pessimistic" redirect="list" actions={<EditActions />}>
    <SimpleForm validate={validate} toolbar={<FormToolbar />} sx={{ maxWidth: 600 }}>
      <Labeled source="id">
        <TextField source="id" sx={{ fontFamily: 'monospace' }} />
      </Labeled>
      <Labeled label="resources.statements.fields.contributorId">
        <ReferenceField source="id" reference="users" link="show" emptyText="—" />
      </Labeled>
      <ShareState />
      <NumberInput source="sharePercent" min={0} max={100} step={1} helperText="resources.contributor-shares.helper" data-testid="admin-share-percent" />
      <TextInput source="companyName" fullWidth parse={(value: string) => value} helperText="resources.contributor-shares.company_helper" data-testid="admin-share-company" />
    </SimpleForm>
  </Edit>
);
