import { ADMIN_API_PREFIX } from '@mkt/contracts';
import simpleRestProvider from 'ra-data-simple-rest';
import type { DataProvider } from 'react-admin';
import type { HttpClient } from './http';
import { createPayload, updatePayload } from './payload';

/**
 * ra-data-simple-rest against /admin-api (sort/range/filter query, Content-Range totals),
 * with request bodies trimmed to the fields the contract schemas accept.
 */
export function createDataProvider(http: HttpClient, apiUrl: string = ADMIN_API_PREFIX): DataProvider {
  const rest = simpleRestProvider(apiUrl, http);
  return {
    ...rest,
    update: (resource, params) =>
      rest.update(resource, { ...params, data: updatePayload(resource, params.data, params.previousData) }),
    create: (resource, params) => rest.create(resource, { ...params, data: createPayload(resource, params.data) }),
  };
}
