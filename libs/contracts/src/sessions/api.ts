export type { SessionIntrospectionRequest } from './schemas.js';
import type { SessionIntrospectionRequest } from './schemas.js';

/**
 * Session introspection: how a service running without identity in its process asks identity
 * whether a verified token's session is still open (a logoff, a disabled account or a staff
 * role change shows everywhere). Called service to service only, signed with the shared token
 * secret: `x-introspection-signature` = hex HMAC-SHA256 of `introspectionSubject(request)`.
 */
export const SESSION_INTROSPECTION_PATH = '/internal/sessions/introspect';
export const INTROSPECTION_SIGNATURE_HEADER = 'x-introspection-signature';

/** What the introspection signature covers: the three fields, in a fixed order. */
export function introspectionSubject(request: SessionIntrospectionRequest): string {
  return `${request.kind}:${request.sessionId}:${request.subjectId}`;
}

/**
 * Account lookup: how a service finds accounts it only knows by a phone number or e-mail (a board
 * member being invited) or by id (names to show beside their changes). Service to service only,
 * signed like introspection: `x-introspection-signature` = hex HMAC-SHA256 of
 * `accountLookupSubject(request)`. Contacts come back masked.
 */
export const ACCOUNT_LOOKUP_PATH = '/internal/accounts/lookup';

export interface AccountLookupRequest {
  contacts: string[];
  userIds: string[];
}

/** What the lookup signature covers: both lists, in order. */
export function accountLookupSubject(request: AccountLookupRequest): string {
  return `accounts:${request.contacts.join('\n')}:${request.userIds.join(',')}`;
}

export interface DirectoryAccount {
  userId: string;
  nickname: string;
  /** The phone number or e-mail, masked (138****0041, w***@example.com). */
  contact: string;
}

export interface AccountLookupResponse {
  /** Per requested contact, in order: its account or null. */
  byContact: (DirectoryAccount | null)[];
  /** The requested ids that are accounts (unknown ones are left out). */
  byId: DirectoryAccount[];
}
