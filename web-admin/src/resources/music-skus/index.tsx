import type { MusicSkuAdminView } from '@mkt/contracts';
import SellIcon from '@mui/icons-material/Sell';
import { formatFen, musicSkuAdminUpdateSchema } from '@mkt/contracts';
import {
  DataTable,
  Edit,
  FunctionField,
  List,
  ListButton,
  NumberInput,
  SearchInput,
  SelectInput,
  SimpleForm,
  TextInput,
  TopToolbar,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { localized } from '../../common/localized';
import { validateWith } from '../../common/validation';

const validateUpdate = validateWith(musicSkuAdminUpdateSchema);
const LEVELS = [1, 2, 3, 4].map((level) => ({ id: level, name: `resources.music-skus.levels.${level}` }));

/** The licence cascade: scene (1), channel (2), period (3), area (4, the priced SKU). */
const MusicSkuList = () => {
  const translate = useTranslate();
  const filters = [
    <SearchInput key="q" source="q" alwaysOn placeholder={translate('resources.music-skus.fields.q')} />,
    <SelectInput key="level" source="level" choices={LEVELS} alwaysOn />,
  ];
  return (
    <List filters={filters} sort={{ field: 'id', order: 'ASC' }} perPage={50} exporter={false}>
      <DataTable rowClick="edit">
        <DataTable.Col source="id" />
        <DataTable.Col source="level">
          <FunctionField<MusicSkuAdminView> render={(record) => translate(`resources.music-skus.levels.${record.level}`)} />
        </DataTable.Col>
        <DataTable.Col source="nameZh" disableSort />
        <DataTable.Col source="nameEn" disableSort />
        <DataTable.Col source="priceFen">
          <FunctionField<MusicSkuAdminView> render={(record) => (record.priceFen === null ? '' : formatFen(record.priceFen))} />
        </DataTable.Col>
      </DataTable>
    </List>
  );
};

const EditActions = () => (
  <TopToolbar>
    <ListButton />
  </TopToolbar>
);

/** A price only on an area (a leaf): the server refuses it elsewhere. */
const PriceInput = () => {
  const record = useRecordContext<MusicSkuAdminView>();
  return record?.level === 4 ? <NumberInput source="priceFen" min={0} step={100} helperText="resources.music-skus.price_helper" /> : null;
};

const MusicSkuEdit = () => (
  <Edit mutationMode="pessimistic" redirect="list" actions={<EditActions />} transform={(data: MusicSkuAdminView) => ({ nameZh: data.nameZh, nameEn: data.nameEn, sort: data.sort, ...(data.level === 4 ? { priceFen: data.priceFen } : {}) })}>
    <SimpleForm validate={validateUpdate} sx={{ maxWidth: 520 }}>
      <TextInput source="id" disabled />
      <TextInput source="nameZh" isRequired fullWidth />
      <TextInput source="nameEn" isRequired fullWidth />
      <NumberInput source="sort" min={0} step={1} />
      <PriceInput />
    </SimpleForm>
  </Edit>
);

export default {
  list: MusicSkuList,
  edit: MusicSkuEdit,
  icon: SellIcon,
  recordRepresentation: (record: MusicSkuAdminView) => localized(record.nameZh, record.nameEn) || record.id,
};
