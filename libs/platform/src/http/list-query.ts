import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { ErrorCode } from '@mkt/contracts';
import { AppError } from '../errors/app-error.js';
import { findUnstorableText } from './storable-text.js';

/** A parsed react-admin list request (`sort`, `range` and `filter` as JSON in the query). */
export interface ListQuery<F> {
  sortField: string;
  sortOrder: 'ASC' | 'DESC';
  skip: number;
  take: number;
  filter: F;
}

const MAX_PAGE = 200;
/** A getMany by ids is bounded by its filter schema's max on `id`; this is only a backstop. */
const MAX_IDS = 1000;

export function parseListQuery<S extends z.ZodType>(
  query: Record<string, unknown>,
  options: { sortable: readonly string[]; defaultSort: [string, 'ASC' | 'DESC']; filter: S },
): ListQuery<z.infer<S>> {
  const sort = readJson(query.sort, 'sort') ?? options.defaultSort;
  const givenRange = readJson(query.range, 'range');
  const range = givenRange ?? [0, 24];
  const filter = readJson(query.filter, 'filter') ?? {};
  const sortParsed = z.tuple([z.enum(options.sortable as [string, ...string[]]), z.enum(['ASC', 'DESC'])]).safeParse(sort);
  if (!sortParsed.success) throw AppError.validation(`sort must be one of ${options.sortable.join(', ')}`);
  const rangeParsed = z.tuple([z.number().int().min(0), z.number().int().min(0)]).safeParse(range);
  if (!rangeParsed.success || rangeParsed.data[1] < rangeParsed.data[0]) {
    throw AppError.validation('range must be [first, last] with 0 <= first <= last');
  }
  const filterParsed = options.filter.safeParse(filter);
  if (!filterParsed.success) {
    throw AppError.validation(filterParsed.error.issues.map((i) => `filter.${i.path.join('.')}: ${i.message}`).join('; '));
  }
  const [first, last] = rangeParsed.data;
  // react-admin's getMany (e.g. a topic's materials) sends filter={"id":[…]} and no range: answer
  // every requested id, as many as the filter schema lets through (its own max on `id`).
  const ids = givenRange === undefined ? idsOf(filterParsed.data) : null;
  return {
    sortField: sortParsed.data[0],
    sortOrder: sortParsed.data[1],
    skip: ids ? 0 : first,
    take: ids ? Math.min(ids.length, MAX_IDS) : Math.min(last - first + 1, MAX_PAGE),
    filter: filterParsed.data,
  };
}

/** react-admin reads the total from Content-Range. */
export function setContentRange(response: FastifyReply, resource: string, query: ListQuery<unknown>, count: number, total: number): void {
  const end = count === 0 ? query.skip : query.skip + count - 1;
  void response.header('Content-Range', `${resource} ${query.skip}-${end}/${total}`);
  void response.header('Access-Control-Expose-Headers', 'Content-Range');
}

function idsOf(filter: unknown): unknown[] | null {
  if (typeof filter !== 'object' || filter === null || !('id' in filter)) return null;
  const ids = (filter as { id: unknown }).id;
  return Array.isArray(ids) && ids.length > 0 ? ids : null;
}

function readJson(value: unknown, name: string): unknown {
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string') throw AppError.validation(`${name} must be JSON`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    throw AppError.validation(`${name} must be JSON`);
  }
  // JSON escapes can spell what the raw query may not carry (\u0000): checked again once parsed.
  const field = findUnstorableText(parsed, name);
  if (field !== null) throw new AppError(ErrorCode.VALIDATION_FAILED, 'textUnstorable', { field });
  return parsed;
}
