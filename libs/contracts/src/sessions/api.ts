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
