import {
  FILTER_NAMES,
  type CategoryAdminCreate,
  type CategoryAdminUpdate,
  type EditorialEntryAdminCreate,
  type HotWordAdminCreate,
  type HotWordAdminUpdate,
  type MaterialAdminUpdate,
  type ProjectCreate,
  type ProjectUpdate,
  type SearchSynonymAdminCreate,
  type SearchSynonymAdminUpdate,
  type StaffCreate,
  type StaffUpdate,
  type TopicAdminCreate,
  type TopicAdminUpdate,
  type UserAdminUpdate,
} from '@mkt/contracts';

type Fields<T> = readonly (keyof T)[];

/** Exactly the keys of userAdminUpdateSchema: the fields staff may change on a user. */
export const USER_UPDATE_FIELDS = [
  'gid',
  'signFlag',
  'verity',
  'videoFlag',
  'photoFlag',
  'disabled',
  'nickname',
  'customerId',
  'customerStatus',
  'customerType',
  'projectId',
  'enterpriseAdmin',
] as const satisfies Fields<UserAdminUpdate>;

export const STAFF_UPDATE_FIELDS = ['displayName', 'roles', 'disabled', 'password'] as const satisfies Fields<StaffUpdate>;
export const STAFF_CREATE_FIELDS = ['username', 'displayName', 'password', 'roles'] as const satisfies Fields<StaffCreate>;

/** Exactly the keys of materialAdminUpdateSchema: what staff may change on a material. */
export const MATERIAL_UPDATE_FIELDS = [
  'titleZh',
  'titleEn',
  'keywordsZh',
  'keywordsEn',
  'descriptionZh',
  'descriptionEn',
  'categoryId',
  'from',
  'filters',
  'status',
] as const satisfies Fields<MaterialAdminUpdate>;

export const CATEGORY_FIELDS = ['kind', 'nameZh', 'nameEn', 'coverKey', 'sort'] as const satisfies Fields<CategoryAdminCreate>;
export const TOPIC_FIELDS = [
  'titleZh',
  'titleEn',
  'descriptionZh',
  'descriptionEn',
  'homeCoverKey',
  'sort',
  'published',
  'materialIds',
] as const satisfies Fields<TopicAdminCreate>;
export const EDITORIAL_FIELDS = [
  'kind',
  'titleZh',
  'titleEn',
  'bodyZh',
  'bodyEn',
  'coverKey',
  'brandZh',
  'brandEn',
  'featuredMaterialId',
  'relatedMaterialIds',
  'published',
  'sort',
] as const satisfies Fields<EditorialEntryAdminCreate>;
export const HOT_WORD_FIELDS = ['wordZh', 'wordEn', 'sort'] as const satisfies Fields<HotWordAdminCreate>;
export const SEARCH_SYNONYM_FIELDS = ['terms'] as const satisfies Fields<SearchSynonymAdminCreate>;

/** Exactly the keys of projectUpdateSchema: everything but the project number, fixed once created. */
export const PROJECT_UPDATE_FIELDS = [
  'name',
  'customerId',
  'companyName',
  'status',
  'videoBranches',
  'photoBranches',
  'projectType',
  'region',
  'duration',
  'purpose',
  'validUntil',
] as const satisfies Fields<ProjectUpdate>;
export const PROJECT_CREATE_FIELDS = ['id', ...PROJECT_UPDATE_FIELDS] as const satisfies Fields<ProjectCreate>;

/** A contributor's share and the contract's company name, always sent even when unchanged: the PUT requires the share. */
export const CONTRIBUTOR_SHARE_FIELDS = ['sharePercent', 'companyName'] as const;

// Compile-time guard: adding a field to a contract schema without listing it here fails the build.
type Missing<T, L extends readonly unknown[]> = Exclude<keyof T, L[number]>;
const complete: [
  Missing<UserAdminUpdate, typeof USER_UPDATE_FIELDS>,
  Missing<StaffUpdate, typeof STAFF_UPDATE_FIELDS>,
  Missing<StaffCreate, typeof STAFF_CREATE_FIELDS>,
  Missing<MaterialAdminUpdate, typeof MATERIAL_UPDATE_FIELDS>,
  Missing<CategoryAdminCreate | CategoryAdminUpdate, typeof CATEGORY_FIELDS>,
  Missing<TopicAdminCreate | TopicAdminUpdate, typeof TOPIC_FIELDS>,
  Missing<HotWordAdminCreate | HotWordAdminUpdate, typeof HOT_WORD_FIELDS>,
  Missing<SearchSynonymAdminCreate | SearchSynonymAdminUpdate, typeof SEARCH_SYNONYM_FIELDS>,
  Missing<ProjectUpdate, typeof PROJECT_UPDATE_FIELDS>,
  Missing<ProjectCreate, typeof PROJECT_CREATE_FIELDS>,
] extends [never, never, never, never, never, never, never, never, never, never]
  ? true
  : false = true;
void complete;

type Data = Record<string, unknown>;

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

function pick(data: Data, fields: readonly string[]): Data {
  const out: Data = {};
  for (const field of fields) if (field in data) out[field] = data[field];
  return out;
}

/** Only the editable fields that changed, so a PUT carries a minimal partial body. */
function changed(data: Data, previous: Data, fields: readonly string[]): Data {
  const out: Data = {};
  for (const field of fields) {
    if (field in data && !same(data[field], previous[field])) out[field] = data[field];
  }
  return out;
}

/**
 * A material's filters as the API takes them: known filter names only, in the contract's order,
 * without empty selections (a cleared multi-select leaves [] or null in the form).
 */
export function cleanFilters(filters: unknown): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  if (typeof filters !== 'object' || filters === null) return out;
  const source = filters as Record<string, unknown>;
  for (const name of FILTER_NAMES) {
    const values = source[name];
    if (Array.isArray(values) && values.length > 0) out[name] = values.map(String);
  }
  return out;
}

/** The body of PUT /<resource>/:id built from the edit form's values. */
export function updatePayload(resource: string, data: Data, previous: Data = {}): Data {
  switch (resource) {
    case 'users':
      return changed(data, previous, USER_UPDATE_FIELDS);
    case 'staff': {
      const { password, ...rest } = data;
      const body = changed(rest, previous, STAFF_UPDATE_FIELDS);
      // An empty password field means "keep the current password".
      if (typeof password === 'string' && password !== '') body.password = password;
      return body;
    }
    case 'materials': {
      const body = changed({ ...data, filters: cleanFilters(data.filters) }, { ...previous, filters: cleanFilters(previous.filters) }, MATERIAL_UPDATE_FIELDS);
      if (!('filters' in data)) delete body.filters;
      return body;
    }
    case 'categories':
      return changed(data, previous, CATEGORY_FIELDS);
    case 'topics':
      return changed(data, previous, TOPIC_FIELDS);
    case 'editorial-entries':
      return changed(data, previous, EDITORIAL_FIELDS);
    case 'hot-words':
      return changed(data, previous, HOT_WORD_FIELDS);
    case 'search-synonyms':
      return changed(data, previous, SEARCH_SYNONYM_FIELDS);
    case 'projects':
      return changed(data, previous, PROJECT_UPDATE_FIELDS);
    case 'contributor-shares':
      return pick(data, CONTRIBUTOR_SHARE_FIELDS);
    default:
      return data;
  }
}

/** The body of POST /<resource> built from the create form's values. */
export function createPayload(resource: string, data: Data): Data {
  switch (resource) {
    case 'staff':
      return pick(data, STAFF_CREATE_FIELDS);
    case 'categories':
      return pick(data, CATEGORY_FIELDS);
    case 'topics':
      return pick(data, TOPIC_FIELDS);
    case 'editorial-entries':
      return pick(data, EDITORIAL_FIELDS);
    case 'hot-words':
      return pick(data, HOT_WORD_FIELDS);
    case 'search-synonyms':
      return pick(data, SEARCH_SYNONYM_FIELDS);
    case 'projects':
      return pick(data, PROJECT_CREATE_FIELDS);
    default:
      return data;
  }
}
