import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { z } from 'zod';
import {
  ErrorCode,
  SEARCH_SYNONYM_LIMITS,
  searchSynonymAdminCreateSchema,
  searchSynonymAdminUpdateSchema,
  serialId,
  type SearchSynonymAdminCreate,
  type SearchSynonymAdminUpdate,
  type SearchSynonymAdminView,
} from '@mkt/contracts';
import { AppError, escapeLike, StaffAuditWriter, type AuthenticatedStaff, type ListQuery } from '@mkt/platform';
import { SearchSynonymEntity } from '../entities/search-synonym.entity.js';
import { SearchSynonymStore } from '../search/synonym-store.js';
import { cleanText } from '../text/text-helpers.js';
import { idOf } from './material-admin.service.js';

export const searchSynonymFilterSchema = z.object({ q: z.string().max(100), id: z.array(serialId()).max(200) }).partial();
export const SEARCH_SYNONYM_SORTABLE = ['id', 'createdAt', 'updatedAt'] as const;

const RESOURCE = 'search-synonyms';

/**
 * The search's synonym groups, curated by sales like the hot words: every write audited, and the
 * dictionary the searches use (with the cached results) forgotten once the write is done.
 */
@Injectable()
export class SearchSynonymAdminService {
  constructor(
    @InjectDataSource('catalogue') private readonly dataSource: DataSource,
    private readonly audit: StaffAuditWriter,
    private readonly synonyms: SearchSynonymStore,
  ) {}

  async list(query: ListQuery<z.infer<typeof searchSynonymFilterSchema>>): Promise<{ rows: SearchSynonymAdminView[]; total: number }> {
    const builder = this.dataSource.getRepository(SearchSynonymEntity).createQueryBuilder('r');
    const { q, id } = query.filter;
    // Terms are stored simplified: a traditional spelling in the search box finds them too.
    const text = q && (cleanText(q) || q.trim());
    if (text) builder.andWhere(`array_to_string(r.terms, ' ') ILIKE :q`, { q: `%${escapeLike(text)}%` });
    if (id) builder.andWhere('r.id IN (:...ids)', { ids: id.length ? id : [0] });
    const [rows, total] = await builder.orderBy(`r.${query.sortField}`, query.sortOrder).addOrderBy('r.id', 'ASC').skip(query.skip).take(query.take).getManyAndCount();
    return { rows: rows.map(toView), total };
  }

  async get(id: string): Promise<SearchSynonymAdminView> {
    return toView(await this.find(id));
  }

  create(actor: AuthenticatedStaff, input: SearchSynonymAdminCreate): Promise<SearchSynonymAdminView> {
    return this.dictionaryChanged(async () => {
      const terms = cleanSynonymTerms(searchSynonymAdminCreateSchema.parse(input).terms);
      return this.dataSource.transaction(async (manager) => {
        const repository = manager.getRepository(SearchSynonymEntity);
        const after = toView(await repository.save(repository.create({ terms })));
        await this.audit.record(manager, actor, { action: 'create', resource: RESOURCE, resourceId: after.id, before: null, after });
        return after;
      });
    });
  }

  update(actor: AuthenticatedStaff, id: string, input: SearchSynonymAdminUpdate): Promise<SearchSynonymAdminView> {
    return this.dictionaryChanged(async () => {
      const { terms } = searchSynonymAdminUpdateSchema.parse(input);
      const cleaned = terms && cleanSynonymTerms(terms);
      return this.dataSource.transaction(async (manager) => {
        const row = await this.find(id, manager);
        const before = toView(row);
        if (cleaned) row.terms = cleaned;
        const after = toView(await manager.getRepository(SearchSynonymEntity).save(row));
        await this.audit.record(manager, actor, { action: 'update', resource: RESOURCE, resourceId: row.id, before, after });
        return after;
      });
    });
  }

  delete(actor: AuthenticatedStaff, id: string): Promise<SearchSynonymAdminView> {
    return this.dictionaryChanged(() =>
      this.dataSource.transaction(async (manager) => {
        const row = await this.find(id, manager);
        const before = toView(row);
        await manager.getRepository(SearchSynonymEntity).delete(row.id);
        await this.audit.record(manager, actor, { action: 'delete', resource: RESOURCE, resourceId: row.id, before, after: null });
        return before;
      }),
    );
  }

  /** Runs a write, then has the next search read the dictionary again (even after a failure: it is cheap). */
  private async dictionaryChanged<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } finally {
      this.synonyms.changed();
    }
  }

  private async find(id: string, manager: EntityManager = this.dataSource.manager): Promise<SearchSynonymEntity> {
    const row = await manager.getRepository(SearchSynonymEntity).findOne({ where: { id: idOf(id) } });
    if (!row) throw AppError.notFound();
    return row;
  }
}

/**
 * Terms as stored: cleaned like titles and tags (NFKC, simplified, no punctuation, single spaces),
 * Latin lower-cased, each 1 to 40 characters after cleaning, duplicates dropped, at least 2 left.
 */
export function cleanSynonymTerms(terms: readonly string[]): string[] {
  const cleaned: string[] = [];
  for (const term of terms) {
    const value = cleanText(term).toLowerCase();
    if (value.length < 1 || value.length > SEARCH_SYNONYM_LIMITS.termMaxLength) {
      throw new AppError(ErrorCode.VALIDATION_FAILED, 'synonymTermInvalid', { term: term.trim().slice(0, 60), max: SEARCH_SYNONYM_LIMITS.termMaxLength });
    }
    if (!cleaned.includes(value)) cleaned.push(value);
  }
  if (cleaned.length < SEARCH_SYNONYM_LIMITS.minTerms) throw new AppError(ErrorCode.VALIDATION_FAILED, 'synonymTermsTooFew', { min: SEARCH_SYNONYM_LIMITS.minTerms });
  return cleaned;
}

function toView(row: SearchSynonymEntity): SearchSynonymAdminView {
  return { id: row.id, terms: row.terms, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}
