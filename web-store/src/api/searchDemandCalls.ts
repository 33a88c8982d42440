import { SearchDemandCalls, type SearchDemandKind, type SearchDemandLists, type SearchDemandWindow } from '@mkt/contracts/web';
import { type CallOptions, post } from './client';

/** "What buyers look for": contributors only. */
export const searchDemandCalls = {
  lists: (request: { window: SearchDemandWindow; kind: SearchDemandKind; categoryId?: number }, options?: CallOptions) =>
    post<SearchDemandLists>(SearchDemandCalls.lists, request, options),
};
