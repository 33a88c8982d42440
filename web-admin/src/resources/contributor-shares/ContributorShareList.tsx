import type { ContributorShareView } from '@mkt/contracts';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { Button, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { DataTable, EditButton, FunctionField, List, TopToolbar, useCreatePath, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { ShanghaiDateField } from '../../common/ShanghaiDateField';
import { ContributorField } from '../statements/fields';
import { parseContributorId } from '../statements/payouts';

/**
 * Only contributors whose share finance has set are listed; everyone else earns the default. Any
 * contributor can be opened by id to set one.
 */
const OpenContributor = () => {
  const translate = useTranslate();
  const navigate = useNavigate();
  const createPath = useCreatePath();
  const [text, setText] = useState('');
  const id = parseContributorId(text);
  const open = () => {
    if (id) navigate(createPath({ resource: 'contributor-shares', id, type: 'edit' }));
  };
  const invalid = text.trim() !== '' && !id;
  return (
    <TopToolbar>
      <Stack component="form" direction="row" spacing={1} sx={{ alignItems: 'flex-start' }} onSubmit={(event) => (event.preventDefault(), open())}>
        <TextField
          size="small"
          sx={{ width: 420 }}
          label={translate('resources.contributor-shares.fields.id')}
          value={text}
          onChange={(event) => setText(event.target.value)}
          error={invalid}
          helperText={translate(invalid ? 'resources.statements.contributor_id_invalid' : 'resources.contributor-shares.open_help')}
          slotProps={{ htmlInput: { 'data-testid': 'admin-share-open-id', spellCheck: false } }}
        />
        <Button type="submit" variant="contained" startIcon={<OpenInNewIcon />} disabled={!id} sx={{ whiteSpace: 'nowrap', flexShrink: 0, mt: 0.5 }} data-testid="admin-share-open">
          {translate('resources.contributor-shares.open')}
        </Button>
      </Stack>
    </TopToolbar>
  );
};

export const ContributorShareList = () => (
  <List actions={<OpenContributor />} sort={{ field: 'updatedAt', order: 'DESC' }} perPage={25} exporter={false} empty={false}>
    <DataTable rowClick="edit" bulkActionButtons={false}>
      <DataTable.Col source="id" disableSort>
        <ContributorField source="id" />
      </DataTable.Col>
      <DataTable.Col source="sharePercent" align="right" disableSort>
        <FunctionField render={(record: ContributorShareView) => `${record.sharePercent}%`} />
      </DataTable.Col>
      <DataTable.Col source="updatedAt" field={ShanghaiDateField} />
      <DataTable.Col>
        <EditButton />
      </DataTable.Col>
    </DataTable>
  </List>
);
