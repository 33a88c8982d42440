import { z } from 'zod';
import { serialId } from '../wire-numbers.js';
import { SEARCH_DEMAND_FOLLOW_UPS, SEARCH_DEMAND_KINDS, SEARCH_DEMAND_LIMITS, SEARCH_DEMAND_LISTS } from './demand.js';

/** Request bodies of the search demand calls (catalogue/demand.ts). */
const demandWindow = z.union([z.literal(7), z.literal(30)]);

export const searchFollowUpRequestSchema = z.object({
  token: z.string().min(1).max(SEARCH_DEMAND_LIMITS.tokenMax),
  action: z.enum(SEARCH_DEMAND_FOLLOW_UPS),
});

export const searchDemandRequestSchema = z.object({
  window: demandWindow.default(7),
  kind: z.enum(SEARCH_DEMAND_KINDS).default('video'),
  categoryId: serialId().optional(),
});
export type SearchDemandRequest = z.input<typeof searchDemandRequestSchema>;
export type SearchDemandQuery = z.output<typeof searchDemandRequestSchema>;

/** The console's filter: react-admin sends filter values as JSON, numbers as numbers or strings (serialId takes both). */
export const searchDemandAdminFilterSchema = z
  .object({
    window: z.coerce.number().pipe(demandWindow),
    kind: z.enum(SEARCH_DEMAND_KINDS),
    categoryId: serialId(),
    list: z.enum(SEARCH_DEMAND_LISTS),
  })
  .partial();
