import { EDITORIAL_KINDS, type EditorialEntryAdminView } from '@mkt/contracts';
import { Typography } from '@mui/material';
import {
  BooleanField,
  DataTable,
  EditButton,
  List,
  NullableBooleanInput,
  SearchInput,
  SelectInput,
  useLocaleState,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { BilingualField } from '../../common/localized';
import { ShanghaiDateField } from '../../common/ShanghaiDateField';
import { PictureField } from '../../common/media';

const KIND_CHOICES = EDITORIAL_KINDS.map((id) => ({ id, name: `app.editorial.kinds.${id}` }));

const Kind = () => {
  const record = useRecordContext<EditorialEntryAdminView>();
  const translate = useTranslate();
  return record ? <Typography variant="body2">{translate(`app.editorial.kinds.${record.kind}`)}</Typography> : null;
};

const RelatedCount = () => {
  const record = useRecordContext<EditorialEntryAdminView>();
  const translate = useTranslate();
  if (!record) return null;
  return <Typography variant="body2">{translate('app.topic.count', { smart_count: record.relatedMaterialIds?.length ?? 0 })}</Typography>;
};

export const EditorialList = () => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const filters = [
    <SearchInput key="q" source="q" alwaysOn placeholder={translate('resources.editorial-entries.fields.q')} />,
    <SelectInput key="kind" source="kind" choices={KIND_CHOICES} alwaysOn />,
    <NullableBooleanInput key="published" source="published" alwaysOn />,
  ];
  return (
    <List filters={filters} sort={{ field: 'sort', order: 'ASC' }} perPage={25} exporter={false}>
      <DataTable>
        <DataTable.Col source="coverUrl" disableSort>
          <PictureField source="coverUrl" width={112} height={63} />
        </DataTable.Col>
        <DataTable.Col source="kind" disableSort>
          <Kind />
        </DataTable.Col>
        <DataTable.Col source={locale === 'en' ? 'titleEn' : 'titleZh'} label="resources.editorial-entries.fields.title">
          <BilingualField zh="titleZh" en="titleEn" />
        </DataTable.Col>
        <DataTable.Col source={locale === 'en' ? 'brandEn' : 'brandZh'} label="resources.editorial-entries.fields.brand" disableSort>
          <BilingualField zh="brandZh" en="brandEn" />
        </DataTable.Col>
        <DataTable.Col source="relatedMaterialIds" disableSort>
          <RelatedCount />
        </DataTable.Col>
        <DataTable.Col source="published" field={BooleanField} disableSort />
        <DataTable.NumberCol source="sort" />
        <DataTable.Col source="updatedAt" field={ShanghaiDateField} />
        <DataTable.Col source="id" />
        <DataTable.Col align="right">
          <EditButton />
        </DataTable.Col>
      </DataTable>
    </List>
  );
};
