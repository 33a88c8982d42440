import { LICENCE_DURATIONS, LICENCE_REGIONS, LICENCE_TYPES, SHOP_LIMITS, formatFen, shopProductCreateSchema, shopProductUpdateSchema, type ShopProductRecord } from '@mkt/contracts';
import StorefrontIcon from '@mui/icons-material/Storefront';
import {
  BooleanInput,
  Create,
  DataTable,
  Edit,
  EditButton,
  FunctionField,
  List,
  ListButton,
  NullableBooleanInput,
  NumberInput,
  SearchInput,
  SelectInput,
  SimpleForm,
  TextInput,
  TopToolbar,
  useTranslate,
} from 'react-admin';
import { localized } from '../../common/localized';
import { validateWith } from '../../common/validation';

const validateCreate = validateWith(shopProductCreateSchema);
const validateUpdate = validateWith(shopProductUpdateSchema);

const choices = (values: readonly string[], prefix: string) => values.map((id) => ({ id, name: `${prefix}.${id}` }));

/** Names and descriptions in both languages; the price in fen (100 = 1 yuan), as stored. */
const Fields = () => (
  <>
    <TextInput source="nameZh" isRequired sx={{ width: 420 }} slotProps={{ htmlInput: { maxLength: SHOP_LIMITS.nameMax } }} />
    <TextInput source="nameEn" isRequired sx={{ width: 420 }} slotProps={{ htmlInput: { maxLength: SHOP_LIMITS.nameMax } }} />
    <TextInput source="descriptionZh" multiline minRows={2} sx={{ width: 560 }} />
    <TextInput source="descriptionEn" multiline minRows={2} sx={{ width: 560 }} />
    <NumberInput source="priceFen" min={1} step={1} helperText="resources.shop-products.price_helper" sx={{ width: 220 }} />
    <NumberInput source="videoCount" min={0} step={1} sx={{ width: 160 }} />
    <NumberInput source="photoCount" min={0} step={1} sx={{ width: 160 }} />
    <NumberInput source="validDays" min={1} step={1} sx={{ width: 160 }} />
    <SelectInput source="licenceType" choices={choices(LICENCE_TYPES, 'resources.shop-products.licenceTypes')} isRequired />
    <SelectInput source="region" choices={choices(LICENCE_REGIONS, 'resources.shop-products.regions')} />
    <SelectInput source="duration" choices={choices(LICENCE_DURATIONS, 'resources.shop-products.durations')} />
    <NumberInput source="sortOrder" min={0} step={1} sx={{ width: 160 }} />
    <BooleanInput source="enabled" helperText="resources.shop-products.enabled_helper" />
  </>
);

const EditActions = () => (
  <TopToolbar>
    <ListButton />
  </TopToolbar>
);

const ProductCreate = () => (
  <Create redirect="list">
    <SimpleForm validate={validateCreate} defaultValues={{ videoCount: 0, photoCount: 0, validDays: 90, licenceType: 'commercial', region: 'mainland', duration: 'permanent', enabled: true, sortOrder: 0 }} sx={{ maxWidth: 640 }}>
      <Fields />
    </SimpleForm>
  </Create>
);

/** Only the editable fields are sent: the record's id and dates are the server's. */
const editable = ({ id: _id, kind: _kind, createdAt: _c, updatedAt: _u, ...fields }: ShopProductRecord) => fields;

const ProductEdit = () => (
  <Edit mutationMode="pessimistic" redirect="list" actions={<EditActions />} transform={editable}>
    <SimpleForm validate={validateUpdate} sx={{ maxWidth: 640 }}>
      <Fields />
    </SimpleForm>
  </Edit>
);

const ProductList = () => {
  const translate = useTranslate();
  const filters = [
    <SearchInput key="q" source="q" alwaysOn placeholder={translate('resources.shop-products.fields.q')} />,
    <NullableBooleanInput key="enabled" source="enabled" />,
  ];
  return (
    <List filters={filters} sort={{ field: 'sortOrder', order: 'ASC' }} perPage={50} exporter={false}>
      <DataTable>
        <DataTable.NumberCol source="sortOrder" />
        <DataTable.Col source="nameZh" />
        <DataTable.Col source="nameEn" />
        <DataTable.Col source="priceFen">
          <FunctionField<ShopProductRecord> render={(record) => formatFen(record.priceFen)} />
        </DataTable.Col>
        <DataTable.NumberCol source="videoCount" />
        <DataTable.NumberCol source="photoCount" />
        <DataTable.NumberCol source="validDays" />
        <DataTable.Col source="licenceType">
          <FunctionField<ShopProductRecord> render={(record) => translate(`resources.shop-products.licenceTypes.${record.licenceType}`)} />
        </DataTable.Col>
        <DataTable.Col source="enabled">
          <FunctionField<ShopProductRecord> render={(record) => translate(record.enabled ? 'resources.shop-products.on' : 'resources.shop-products.off')} />
        </DataTable.Col>
        <DataTable.Col align="right">
          <EditButton />
        </DataTable.Col>
      </DataTable>
    </List>
  );
};

export default {
  list: ProductList,
  create: ProductCreate,
  edit: ProductEdit,
  icon: StorefrontIcon,
  recordRepresentation: (record: ShopProductRecord) => localized(record.nameZh, record.nameEn) || `#${record.id}`,
};
