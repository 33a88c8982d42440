import { BooleanField, DataTable, EditButton, List, ReferenceField, TextField, useLocaleState } from 'react-admin';
import { BilingualField } from '../../common/localized';
import { ShanghaiDateField } from '../../common/ShanghaiDateField';

/** The campaign pages with their contest; each row is one store route. */
export const CampaignList = () => {
  const [locale] = useLocaleState();
  return (
    <List sort={{ field: 'slug', order: 'ASC' }} perPage={25} exporter={false} pagination={false}>
      <DataTable>
        <DataTable.Col source="slug">
          <TextField source="slug" />
        </DataTable.Col>
        <DataTable.Col source={locale === 'en' ? 'titleEn' : 'titleZh'} label="resources.campaigns.fields.title" disableSort>
          <BilingualField zh="titleZh" en="titleEn" />
        </DataTable.Col>
        <DataTable.Col source="contestId" disableSort>
          <ReferenceField source="contestId" reference="contests" link="show" emptyText="—">
            <BilingualField zh="titleZh" en="titleEn" />
          </ReferenceField>
        </DataTable.Col>
        <DataTable.Col source="published" field={BooleanField} disableSort />
        <DataTable.Col source="updatedAt" disableSort>
          <ShanghaiDateField source="updatedAt" />
        </DataTable.Col>
        <DataTable.Col>
          <EditButton />
        </DataTable.Col>
      </DataTable>
    </List>
  );
};
