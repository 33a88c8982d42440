/**
 * Console REST API of the catalogue (react-admin "simple REST", below /admin-api; Bearer staff token).
 *
 * Lists: GET /admin-api/<resource>?sort=["field","ASC|DESC"]&range=[first,last]&filter={...}
 *   → JSON array; total in `Content-Range: <resource> first-last/total`. GET /<resource>/:id → one record.
 * Errors: 401 (no/invalid token), 403 (role), 404, 422 ({ code: 1400, message }).
 * Every write is recorded in catalogue.audit_log (action create|update|delete|publish|unpublish, before/after).
 * Object locations ("coverKey", "homeCoverKey") are "<bucket>/<key>"; the *Url fields are ready links.
 *
 * materials — read: every staff role; PUT: admin, reviewer. No POST/DELETE (materials come from uploads/seed).
 *   record: { id, code, kind: video|photo|music|sfx, from: own|raw|external, status: draft|published|unpublished,
 *     contributorId, titleZh, titleEn, keywordsZh: string[], keywordsEn: string[], descriptionZh, descriptionEn,
 *     categoryId: number|null, duration, frameRate, width, height, maxResolution, hdrFlag, groupFlag, salesCount,
 *     filters: { <filterName>: string[] } (names and values of FILTER_VALUES), thumbnailUrl, previewUrl,
 *     createdAt, updatedAt, onlineAt }
 *   filter: { q (code, titles, or exact id), kind, status, categoryId, from, id: number[] }
 *   sort: id, code, createdAt, updatedAt, onlineAt, salesCount, titleZh, titleEn, status (default createdAt DESC)
 *   PUT body (all optional, other keys ignored): { titleZh, titleEn, keywordsZh, keywordsEn, descriptionZh,
 *     descriptionEn, categoryId (same kind) | null, from, filters, status }. Text is cleaned (simplified, no
 *     punctuation, tags de-duplicated). status → published sets onlineAt (first time) and emits
 *     material.published; published → other emits material.unpublished; the search index is refreshed.
 *
 * categories — read: every staff role; POST/PUT/DELETE: admin, sales.
 *   record: { id, kind: video|photo, nameZh, nameEn, coverKey: string|null, coverUrl, sort }
 *   POST: { kind, nameZh, nameEn, coverKey?, sort? } ; PUT: any of those. filter: { q, kind, id[] }. sort: id, sort, nameZh, nameEn, kind.
 *
 * topics — read: every staff role; POST/PUT/DELETE: admin, sales.
 *   record: { id, titleZh, titleEn, descriptionZh, descriptionEn, homeCoverKey, homeCoverUrl, sort, published, materialIds: number[] (display order) }
 *   POST: { titleZh, titleEn, descriptionZh?, descriptionEn?, homeCoverKey?, sort?, published? (true), materialIds? }
 *   PUT: any of those (materialIds replaces the list). filter: { q, published, id[] }. sort: id, sort, titleZh, titleEn, createdAt.
 *
 * editorial-entries — read: every staff role; POST/PUT/DELETE: admin, sales. The store's original content and brand cases.
 *   record: { id, kind: original|case, titleZh, titleEn, bodyZh, bodyEn (plain paragraphs, blank-line separated), coverKey, coverUrl,
 *     brandZh, brandEn, featuredMaterialId: number|null, relatedMaterialIds: number[] (display order, max 24), published, sort, createdAt, updatedAt }
 *   POST: { kind, titleZh, titleEn, bodyZh?, bodyEn?, coverKey?, brandZh?, brandEn?, featuredMaterialId?, relatedMaterialIds?, published? (false), sort? }
 *   PUT: any of those. The featured and related materials must be published videos or photos (422 editorialMaterialsUnavailable).
 *   A change of `published` is audited as publish|unpublish. filter: { q, kind, published, id[] }. sort: id, sort, titleZh, titleEn, createdAt, updatedAt.
 *
 * hot-words — read: every staff role; POST/PUT/DELETE: admin, sales.
 *   record: { id, wordZh, wordEn, sort } ; POST: { wordZh, wordEn, sort? } ; PUT: any of those. filter: { q, id[] }. sort: id, sort, wordZh, wordEn.
 *
 * search-synonyms — read: every staff role; POST/PUT/DELETE: admin, sales.
 *   record: { id, terms: string[], createdAt, updatedAt } ; POST: { terms } ; PUT: { terms? }. 2 to 20 terms (words or
 *     phrases, either language), each 1 to 40 characters once cleaned (simplified, no punctuation, Latin lower-cased);
 *     duplicates after cleaning are dropped and at least 2 different terms must remain (422 synonymTermInvalid /
 *     synonymTermsTooFew otherwise). filter: { q (any term contains it), id[] }. sort: id, createdAt, updatedAt.
 *   A write is seen by this process's next search at once, by other replicas within 30 s.
 *
 * DELETE answers the deleted record.
 */
import {
  categoryAdminCreateSchema,
  categoryAdminUpdateSchema,
  editorialEntryAdminCreateSchema,
  editorialEntryAdminUpdateSchema,
  hotWordAdminCreateSchema,
  hotWordAdminUpdateSchema,
  materialAdminUpdateSchema,
  searchSynonymAdminCreateSchema,
  searchSynonymAdminUpdateSchema,
  topicAdminCreateSchema,
  topicAdminUpdateSchema,
  bigserialId,
  serialId,
} from '@mkt/contracts';
import { adminResourceController } from '@mkt/platform';
import {
  CATEGORY_SORTABLE,
  CurationAdminService,
  HOT_WORD_SORTABLE,
  TOPIC_SORTABLE,
  categoryFilterSchema,
  hotWordFilterSchema,
  topicFilterSchema,
} from './curation-admin.service.js';
import { EDITORIAL_SORTABLE, EditorialService, editorialFilterSchema } from '../editorial/editorial.service.js';
import { MATERIAL_SORTABLE, MaterialAdminService, materialFilterSchema } from './material-admin.service.js';
import { SEARCH_SYNONYM_SORTABLE, SearchSynonymAdminService, searchSynonymFilterSchema } from './search-synonym-admin.service.js';

const EVERY_STAFF_ROLE = ['admin', 'sales', 'finance', 'reviewer', 'contest-manager'] as const;
const CURATORS = ['admin', 'sales'] as const;

export const AdminMaterialsController = adminResourceController({
  resource: 'materials',
  id: bigserialId(),
  tag: 'admin: materials',
  service: MaterialAdminService,
  roles: EVERY_STAFF_ROLE,
  list: { sortable: MATERIAL_SORTABLE, defaultSort: ['createdAt', 'DESC'], filter: materialFilterSchema, rows: (materials, query) => materials.list(query) },
  get: (materials, id) => materials.get(id),
  update: { roles: ['admin', 'reviewer'], schema: materialAdminUpdateSchema, run: (materials, actor, id, body) => materials.update(actor, id, body) },
});

export const AdminCategoriesController = adminResourceController({
  resource: 'categories',
  id: serialId(),
  tag: 'admin: categories',
  service: CurationAdminService,
  roles: EVERY_STAFF_ROLE,
  list: { sortable: CATEGORY_SORTABLE, defaultSort: ['sort', 'ASC'], filter: categoryFilterSchema, rows: (curation, query) => curation.listCategories(query) },
  get: (curation, id) => curation.getCategory(id),
  create: { roles: CURATORS, schema: categoryAdminCreateSchema, run: (curation, actor, body) => curation.createCategory(actor, body) },
  update: { roles: CURATORS, schema: categoryAdminUpdateSchema, run: (curation, actor, id, body) => curation.updateCategory(actor, id, body) },
  remove: { roles: CURATORS, run: (curation, actor, id) => curation.deleteCategory(actor, id) },
});

export const AdminTopicsController = adminResourceController({
  resource: 'topics',
  id: serialId(),
  tag: 'admin: topics',
  service: CurationAdminService,
  roles: EVERY_STAFF_ROLE,
  list: { sortable: TOPIC_SORTABLE, defaultSort: ['sort', 'ASC'], filter: topicFilterSchema, rows: (curation, query) => curation.listTopics(query) },
  get: (curation, id) => curation.getTopic(id),
  create: { roles: CURATORS, schema: topicAdminCreateSchema, run: (curation, actor, body) => curation.createTopic(actor, body) },
  update: { roles: CURATORS, schema: topicAdminUpdateSchema, run: (curation, actor, id, body) => curation.updateTopic(actor, id, body) },
  remove: { roles: CURATORS, run: (curation, actor, id) => curation.deleteTopic(actor, id) },
});

export const AdminEditorialEntriesController = adminResourceController({
  resource: 'editorial-entries',
  id: serialId(),
  tag: 'admin: editorial entries',
  service: EditorialService,
  roles: EVERY_STAFF_ROLE,
  list: { sortable: EDITORIAL_SORTABLE, defaultSort: ['sort', 'ASC'], filter: editorialFilterSchema, rows: (editorial, query) => editorial.adminList(query) },
  get: (editorial, id) => editorial.adminGet(id),
  create: { roles: CURATORS, schema: editorialEntryAdminCreateSchema, run: (editorial, actor, body) => editorial.create(actor, body) },
  update: { roles: CURATORS, schema: editorialEntryAdminUpdateSchema, run: (editorial, actor, id, body) => editorial.update(actor, id, body) },
  remove: { roles: CURATORS, run: (editorial, actor, id) => editorial.remove(actor, id) },
});

export const AdminHotWordsController = adminResourceController({
  resource: 'hot-words',
  id: serialId(),
  tag: 'admin: hot words',
  service: CurationAdminService,
  roles: EVERY_STAFF_ROLE,
  list: { sortable: HOT_WORD_SORTABLE, defaultSort: ['sort', 'ASC'], filter: hotWordFilterSchema, rows: (curation, query) => curation.listHotWords(query) },
  get: (curation, id) => curation.getHotWord(id),
  create: { roles: CURATORS, schema: hotWordAdminCreateSchema, run: (curation, actor, body) => curation.createHotWord(actor, body) },
  update: { roles: CURATORS, schema: hotWordAdminUpdateSchema, run: (curation, actor, id, body) => curation.updateHotWord(actor, id, body) },
  remove: { roles: CURATORS, run: (curation, actor, id) => curation.deleteHotWord(actor, id) },
});

export const AdminSearchSynonymsController = adminResourceController({
  resource: 'search-synonyms',
  id: serialId(),
  tag: 'admin: search synonyms',
  service: SearchSynonymAdminService,
  roles: EVERY_STAFF_ROLE,
  list: { sortable: SEARCH_SYNONYM_SORTABLE, defaultSort: ['id', 'ASC'], filter: searchSynonymFilterSchema, rows: (synonyms, query) => synonyms.list(query) },
  get: (synonyms, id) => synonyms.get(id),
  create: { roles: CURATORS, schema: searchSynonymAdminCreateSchema, run: (synonyms, actor, body) => synonyms.create(actor, body) },
  update: { roles: CURATORS, schema: searchSynonymAdminUpdateSchema, run: (synonyms, actor, id, body) => synonyms.update(actor, id, body) },
  remove: { roles: CURATORS, run: (synonyms, actor, id) => synonyms.delete(actor, id) },
});
