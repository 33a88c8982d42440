import { ADMIN_API_PREFIX } from '@mkt/contracts';
import simpleRestProvider from 'ra-data-simple-rest';
import type { DataProvider } from 'react-admin';
import type { HttpClient } from './http';
import { createPayload, updatePayload } from './payload';
import { createPayoutsMethods, type PayoutsMethods } from './payouts';
import { createRealNameMethods, type RealNameMethods } from './real-name';
import { createReviewMethods, type ReviewMethods } from './reviews';
import { createSigningMethods, type SigningMethods } from './signing';
import { createUserMethods, type UserMethods } from './users';

export type ConsoleDataProvider = DataProvider & PayoutsMethods & RealNameMethods & ReviewMethods & SigningMethods & UserMethods;

/**
 * ra-data-simple-rest against /admin-api (sort/range/filter query, Content-Range totals),
 * with request bodies trimmed to the fields the contract schemas accept, plus the payouts,
 * real-name, review, signing and user actions that are not CRUD.
 */
export function createDataProvider(http: HttpClient, apiUrl: string = ADMIN_API_PREFIX): ConsoleDataProvider {
  const rest = simpleRestProvider(apiUrl, http);
  return {
    ...rest,
    update: (resource, params) =>
      rest.update(resource, { ...params, data: updatePayload(resource, params.data, params.previousData) }),
    create: (resource, params) => rest.create(resource, { ...params, data: createPayload(resource, params.data) }),
    ...createPayoutsMethods(http, apiUrl),
    ...createRealNameMethods(http, apiUrl),
    ...createReviewMethods(http, apiUrl),
    ...createSigningMethods(http, apiUrl),
    ...createUserMethods(http, apiUrl),
  };
}
