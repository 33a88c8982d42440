import { ADMIN_API_PREFIX } from '@mkt/contracts';
import { httpClient } from '../../providers';

/** The console's non-CRUD order, invoice and refund actions: POST /admin-api/<resource>/<id>/<action>. */
export async function postAction<T = unknown>(resource: 'orders' | 'invoices' | 'refunds', id: string, action: string, body?: object | FormData): Promise<T> {
  const init: RequestInit = { method: 'POST' };
  if (body instanceof FormData) init.body = body;
  else if (body) init.body = JSON.stringify(body);
  const response = await httpClient(`${ADMIN_API_PREFIX}/${resource}/${encodeURIComponent(id)}/${action}`, init);
  return response.json as T;
}
