import type { TopicAdminView } from '@mkt/contracts';
import { Typography } from '@mui/material';
import {
  BooleanField,
  DataTable,
  EditButton,
  List,
  NullableBooleanInput,
  SearchInput,
  useLocaleState,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { BilingualField } from '../../common/localized';
import { PictureField } from '../../common/media';

const MaterialCount = () => {
  const record = useRecordContext<TopicAdminView>();
  const translate = useTranslate();
  if (!record) return null;
  return <Typography variant="body2">{translate('app.topic.count', { smart_count: record.materialIds?.length ?? 0 })}</Typography>;
};

export const TopicList = () => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const filters = [
    <SearchInput key="q" source="q" alwaysOn placeholder={translate('resources.topics.fields.q')} />,
    <NullableBooleanInput key="published" source="published" alwaysOn />,
  ];
  return (
    <List filters={filters} sort={{ field: 'sort', order: 'ASC' }} perPage={25} exporter={false}>
      <DataTable>
        <DataTable.Col source="homeCoverUrl" disableSort>
          <PictureField source="homeCoverUrl" width={112} height={63} />
        </DataTable.Col>
        <DataTable.Col source={locale === 'en' ? 'titleEn' : 'titleZh'} label="resources.topics.fields.title">
          <BilingualField zh="titleZh" en="titleEn" />
        </DataTable.Col>
        <DataTable.Col source="materialIds" disableSort>
          <MaterialCount />
        </DataTable.Col>
        <DataTable.Col source="published" field={BooleanField} disableSort />
        <DataTable.NumberCol source="sort" />
        <DataTable.Col source="id" />
        <DataTable.Col align="right">
          <EditButton />
        </DataTable.Col>
      </DataTable>
    </List>
  );
};
