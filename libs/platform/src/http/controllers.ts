import { Controller, applyDecorators } from '@nestjs/common';
import { ADMIN_API_PREFIX, STORE_API_PREFIX } from '@mkt/contracts';
import { RawResponse } from './envelope.js';

const join = (prefix: string, path: string) => `${prefix.replace(/^\//, '')}${path ? `/${path.replace(/^\//, '')}` : ''}`;

/** A store API controller: below /api, results wrapped in the envelope. */
export const StoreController = (path = '') => Controller(join(STORE_API_PREFIX, path));

/** A console REST controller: below /admin-api, results sent as react-admin expects them. */
export const AdminController = (path = '') => applyDecorators(Controller(join(ADMIN_API_PREFIX, path)), RawResponse());
