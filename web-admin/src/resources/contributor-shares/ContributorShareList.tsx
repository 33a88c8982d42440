import type { ContributorShareView } from '@mkt/contracts';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { Button, Card, CardContent, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { DataTable, EditButton, FunctionField, List, useCreatePath, useTranslate } from 'react-admin';
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
  return (
    <Card sx={{ mb: 2 }}>
      <CardContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {translate('resources.contributor-shares.open_help')}
        </Typography>
        <Stack component="form" direction="row" spacing={2} sx={{ alignItems: 'flex-start' }} onSubmit={(event) => (event.preventDefault(), open())}>
          <TextField
            size="small"
            sx={{ minWidth: 380 }}
            label={translate('resources.contributor-shares.fields.id')}
            value={text}
            onChange={(event) => setText(event.target.value)}
            error={text.trim() !== '' && !id}
            helperText={text.trim() !== '' && !id ? translate('resources.statements.contributor_id_invalid') : ' '}
            slotProps={{ htmlInput: { 'data-testid': 'admin-share-open-id', spellCheck: false } }}
          />
          <Button type="submit" variant="contained" startIcon={<OpenInNewIcon />} disabled={!id} data-testid="admin-share-open">
            {translate('resources.contributor-shares.open')}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
};

export const ContributorShareList = () => (
  <>
    <OpenContributor />
    <List sort={{ field: 'updatedAt', order: 'DESC' }} perPage={25} exporter={false} empty={false}>
      <DataTable rowClick="edit" bulkActionButtons={false}>
        <DataTable.Col source="id" disableSort>
          <ContributorField source="id" />
        </DataTable.Col>
        <DataTable.NumberCol source="sharePercent" disableSort>
          <FunctionField render={(record: ContributorShareView) => `${record.sharePercent}%`} />
        </DataTable.NumberCol>
        <DataTable.Col source="updatedAt" field={ShanghaiDateField} />
        <DataTable.Col>
          <EditButton />
        </DataTable.Col>
      </DataTable>
    </List>
  </>
);
