import type { StaffCreate, StaffUpdate, UserAdminUpdate } from '@mkt/contracts';

type Fields<T> = readonly (keyof T)[];

/** Exactly the keys of userAdminUpdateSchema: the fields staff may change on a user. */
export const USER_UPDATE_FIELDS = [
  'gid',
  'signFlag',
  'verity',
  'videoFlag',
  'photoFlag',
  'disabled',
  'nickname',
  'customerId',
  'customerStatus',
  'customerType',
  'projectId',
] as const satisfies Fields<UserAdminUpdate>;

export const STAFF_UPDATE_FIELDS = ['displayName', 'roles', 'disabled', 'password'] as const satisfies Fields<StaffUpdate>;
export const STAFF_CREATE_FIELDS = ['username', 'displayName', 'password', 'roles'] as const satisfies Fields<StaffCreate>;

// Compile-time guard: adding a field to a contract schema without listing it here fails the build.
type Missing<T, L extends readonly unknown[]> = Exclude<keyof T, L[number]>;
const complete: [Missing<UserAdminUpdate, typeof USER_UPDATE_FIELDS>, Missing<StaffUpdate, typeof STAFF_UPDATE_FIELDS>, Missing<StaffCreate, typeof STAFF_CREATE_FIELDS>] extends [never, never, never] ? true : false = true;
void complete;

type Data = Record<string, unknown>;

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

function pick(data: Data, fields: readonly string[]): Data {
  const out: Data = {};
  for (const field of fields) if (field in data) out[field] = data[field];
  return out;
}

/** Only the editable fields that changed, so a PUT carries a minimal partial body. */
function changed(data: Data, previous: Data, fields: readonly string[]): Data {
  const out: Data = {};
  for (const field of fields) {
    if (field in data && !same(data[field], previous[field])) out[field] = data[field];
  }
  return out;
}

/** The body of PUT /<resource>/:id built from the edit form's values. */
export function updatePayload(resource: string, data: Data, previous: Data = {}): Data {
  switch (resource) {
    case 'users':
      return changed(data, previous, USER_UPDATE_FIELDS);
    case 'staff': {
      const { password, ...rest } = data;
      const body = changed(rest, previous, STAFF_UPDATE_FIELDS);
      // An empty password field means "keep the current password".
      if (typeof password === 'string' && password !== '') body.password = password;
      return body;
    }
    default:
      return data;
  }
}

/** The body of POST /<resource> built from the create form's values. */
export function createPayload(resource: string, data: Data): Data {
  return resource === 'staff' ? pick(data, STAFF_CREATE_FIELDS) : data;
}
