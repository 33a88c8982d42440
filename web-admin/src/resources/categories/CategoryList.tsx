import { DataTable, EditButton, List, SearchInput, SelectInput, useLocaleState, useTranslate } from 'react-admin';
import { BilingualField } from '../../common/localized';
import { PictureField } from '../../common/media';
import { categoryKindChoices } from '../materials/choices';
import { KindField } from '../materials/fields';

export const CategoryList = () => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const filters = [
    <SearchInput key="q" source="q" alwaysOn placeholder={translate('resources.categories.fields.q')} />,
    <SelectInput key="kind" source="kind" choices={categoryKindChoices} alwaysOn />,
  ];
  return (
    <List filters={filters} sort={{ field: 'sort', order: 'ASC' }} perPage={50} exporter={false}>
      <DataTable>
        <DataTable.Col source="coverUrl" disableSort>
          <PictureField source="coverUrl" width={80} height={45} />
        </DataTable.Col>
        <DataTable.Col source={locale === 'en' ? 'nameEn' : 'nameZh'} label="resources.categories.fields.name">
          <BilingualField zh="nameZh" en="nameEn" />
        </DataTable.Col>
        <DataTable.Col source="kind">
          <KindField />
        </DataTable.Col>
        <DataTable.NumberCol source="sort" />
        <DataTable.Col source="id" />
        <DataTable.Col align="right">
          <EditButton />
        </DataTable.Col>
      </DataTable>
    </List>
  );
};
