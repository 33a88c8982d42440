import { z } from 'zod';
import { searchDemandAdminFilterSchema, type SearchDemandAdminRow } from '@mkt/contracts';
import { AppError, adminResourceController } from '@mkt/platform';
import { SearchDemandService } from './search-demand.service.js';

/** Every staff role reads it: editorial planning, sales and reviewers alike. Nobody writes. */
const EVERY_STAFF_ROLE = ['admin', 'sales', 'finance', 'reviewer', 'contest-manager'] as const;

/**
 * The console's `search-demand`: one list (top, unmet or rising) of a window, kind and category
 * as rows, in the list's own order (sorting by another column is not offered: the order is the
 * list). Computed, not stored, so a row has no page of its own.
 */
export const AdminSearchDemandController = adminResourceController({
  resource: 'search-demand',
  id: z.string().regex(/^(top|unmet|rising):\d{1,2}$/),
  tag: 'admin: search demand',
  service: SearchDemandService,
  roles: EVERY_STAFF_ROLE,
  list: {
    sortable: ['rank'],
    defaultSort: ['rank', 'ASC'],
    filter: searchDemandAdminFilterSchema,
    async rows(demand, query) {
      const list = query.filter.list ?? 'top';
      const lists = await demand.current({ window: query.filter.window ?? 7, kind: query.filter.kind ?? 'video', categoryId: query.filter.categoryId });
      const rows: SearchDemandAdminRow[] = lists[list].map((row, index) => ({ ...row, id: `${list}:${index + 1}`, list, rank: index + 1 }));
      const ordered = query.sortOrder === 'DESC' ? rows.reverse() : rows;
      return { rows: ordered.slice(query.skip, query.skip + query.take), total: rows.length };
    },
  },
  get: () => Promise.reject(AppError.notFound()),
});
