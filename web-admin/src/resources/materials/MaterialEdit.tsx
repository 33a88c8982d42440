import { materialAdminUpdateSchema, type CategoryAdminView, type MaterialAdminView } from '@mkt/contracts';
import { Box, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import {
  Edit,
  ReferenceInput,
  SelectArrayInput,
  SelectInput,
  ShowButton,
  SimpleForm,
  TextArrayInput,
  TextInput,
  TopToolbar,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { localized } from '../../common/localized';
import { Picture } from '../../common/media';
import { Section } from '../../common/Section';
import { validateWith } from '../../common/validation';
import { cleanFilters } from '../../providers/payload';
import { EDITABLE_FILTER_NAMES, filterChoices, filterLabel, hasCategories, sourceChoices, statusChoices } from './choices';
import { KindField, StatusField } from './fields';

const validate = validateWith(materialAdminUpdateSchema, {}, ({ filters, ...rest }) => ({ ...rest, filters: cleanFilters(filters) }));

/** Texts may be empty: keep '' instead of react-admin's default null. */
const keepEmpty = (value: string | null) => value ?? '';
/** An emptied category select means "no category". */
const noneWhenEmpty = (value: unknown) => (value === '' || value == null ? null : value);

const categoryName = (category: Pick<CategoryAdminView, 'nameZh' | 'nameEn'>) => localized(category.nameZh, category.nameEn);

const Row = ({ children }: { children: ReactNode }) => (
  <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 3, alignItems: 'flex-start', width: '100%' }}>{children}</Box>
);

const EditActions = () => (
  <TopToolbar>
    <ShowButton />
  </TopToolbar>
);

/** The material this form edits: thumbnail, code, kind and status (none of them editable here but the status). */
const Header = () => {
  const record = useRecordContext<MaterialAdminView>();
  if (!record) return null;
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 1 }}>
      <Picture url={record.thumbnailUrl} width={160} height={90} alt={record.code} />
      <Box>
        <Typography variant="h6">{record.code}</Typography>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <KindField />
          <Typography variant="body2" color="text.secondary">
            · ID {record.id}
          </Typography>
          <StatusField />
        </Stack>
      </Box>
    </Stack>
  );
};

/** Only categories of the material's own kind; music and sound effects have none. */
const CategoryInput = () => {
  const record = useRecordContext<MaterialAdminView>();
  const translate = useTranslate();
  if (!record) return null;
  if (!hasCategories(record.kind)) {
    return (
      <Typography variant="body2" color="text.secondary" sx={{ mt: 2, width: 300 }}>
        {translate('app.material.no_category_kind')}
      </Typography>
    );
  }
  return (
    <ReferenceInput source="categoryId" reference="categories" filter={{ kind: record.kind }} sort={{ field: 'sort', order: 'ASC' }} perPage={200}>
      <SelectInput optionText={categoryName} parse={noneWhenEmpty} helperText="app.material.category_helper" sx={{ width: 300 }} />
    </ReferenceInput>
  );
};

export const MaterialEdit = () => (
  <Edit mutationMode="pessimistic" redirect="show" actions={<EditActions />}>
    <SimpleForm validate={validate} sx={{ maxWidth: 1000 }}>
      <Header />
      <Section title="resources.materials.sections.catalogue" />
      <Row>
        <SelectInput source="status" choices={statusChoices} sx={{ width: 200 }} />
        <CategoryInput />
        <SelectInput source="from" choices={sourceChoices} sx={{ width: 200 }} />
      </Row>
      <Section title="resources.materials.sections.texts" />
      <Row>
        <TextInput source="titleZh" parse={keepEmpty} sx={{ flex: '1 1 360px' }} />
        <TextInput source="titleEn" parse={keepEmpty} sx={{ flex: '1 1 360px' }} />
      </Row>
      <Row>
        <TextArrayInput source="keywordsZh" helperText="app.material.keywords_helper" sx={{ flex: '1 1 360px' }} />
        <TextArrayInput source="keywordsEn" helperText="app.material.keywords_helper" sx={{ flex: '1 1 360px' }} />
      </Row>
      <Row>
        <TextInput source="descriptionZh" parse={keepEmpty} multiline minRows={3} sx={{ flex: '1 1 360px' }} />
        <TextInput source="descriptionEn" parse={keepEmpty} multiline minRows={3} sx={{ flex: '1 1 360px' }} />
      </Row>
      <Section title="resources.materials.sections.filters" />
      <Typography variant="caption" color="text.secondary">
        <FiltersHelper />
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '1fr 1fr 1fr' }, columnGap: 2, width: '100%' }}>
        {EDITABLE_FILTER_NAMES.map((name) => (
          <SelectArrayInput key={name} source={`filters.${name}`} label={filterLabel(name)} choices={filterChoices(name)} helperText={false} />
        ))}
      </Box>
    </SimpleForm>
  </Edit>
);

const FiltersHelper = () => {
  const translate = useTranslate();
  return <>{translate('app.material.filters_helper')}</>;
};
