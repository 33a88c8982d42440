import type { CategoryAdminView } from '@mkt/contracts';
import {
  DataTable,
  EditButton,
  List,
  ReferenceField,
  ReferenceInput,
  SearchInput,
  SelectInput,
  useCanAccess,
  useListContext,
  useLocaleState,
  useTranslate,
} from 'react-admin';
import { BilingualField, localized } from '../../common/localized';
import { PictureField } from '../../common/media';
import { ShanghaiDateField } from '../../common/ShanghaiDateField';
import { hasCategories, kindChoices, sourceChoices, statusChoices } from './choices';
import { KindField, StatusField } from './fields';
import { PublishBulkButtons } from './PublishButtons';

const categoryName = (category: Pick<CategoryAdminView, 'nameZh' | 'nameEn'>) => localized(category.nameZh, category.nameEn);

/** Category filter: when a kind is chosen, only that kind's categories. */
const CategoryFilter = (props: { source: string; alwaysOn?: boolean }) => {
  const { filterValues } = useListContext();
  const kind: unknown = filterValues?.kind;
  return (
    <ReferenceInput
      {...props}
      reference="categories"
      filter={hasCategories(kind) ? { kind } : {}}
      sort={{ field: 'sort', order: 'ASC' }}
      perPage={200}
    >
      <SelectInput optionText={categoryName} label="resources.materials.fields.categoryId" />
    </ReferenceInput>
  );
};

export const MaterialList = () => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { canAccess: canEdit } = useCanAccess({ resource: 'materials', action: 'edit' });
  const filters = [
    <SearchInput key="q" source="q" alwaysOn placeholder={translate('resources.materials.fields.q')} sx={{ minWidth: 240 }} />,
    <SelectInput key="status" source="status" choices={statusChoices} alwaysOn />,
    <SelectInput key="kind" source="kind" choices={kindChoices} alwaysOn />,
    <CategoryFilter key="categoryId" source="categoryId" />,
    <SelectInput key="from" source="from" choices={sourceChoices} />,
  ];
  return (
    <List filters={filters} sort={{ field: 'createdAt', order: 'DESC' }} perPage={25} exporter={false}>
      <DataTable
        rowClick="show"
        bulkActionButtons={canEdit ? <PublishBulkButtons /> : false}
        sx={{ '& .RaDataTable-headerCell': { whiteSpace: 'nowrap' } }}
      >
        <DataTable.Col source="thumbnailUrl" disableSort>
          <PictureField source="thumbnailUrl" />
        </DataTable.Col>
        <DataTable.Col source="code" />
        <DataTable.Col source={locale === 'en' ? 'titleEn' : 'titleZh'} label="resources.materials.fields.title" cellSx={() => ({ minWidth: 220 })}>
          <BilingualField zh="titleZh" en="titleEn" />
        </DataTable.Col>
        <DataTable.Col source="kind" disableSort>
          <KindField />
        </DataTable.Col>
        <DataTable.Col source="status">
          <StatusField />
        </DataTable.Col>
        <DataTable.Col source="categoryId" disableSort cellSx={() => ({ whiteSpace: 'nowrap' })}>
          <ReferenceField source="categoryId" reference="categories" link={false} emptyText="—" />
        </DataTable.Col>
        <DataTable.NumberCol source="salesCount" />
        <DataTable.Col source="onlineAt" field={ShanghaiDateField} />
        <DataTable.Col align="right">
          <EditButton />
        </DataTable.Col>
      </DataTable>
    </List>
  );
};
