import { z } from 'zod';

/**
 * Every event on the bus: a name, a schema version, an id, the aggregate id (the Kafka key),
 * occurred-at, and a payload validated against its schema on both ends.
 */
export interface EventEnvelope<P = unknown> {
  id: string;
  name: string;
  version: number;
  aggregateId: string;
  occurredAt: string;
  payload: P;
}

export interface EventDefinition<N extends string = string, S extends z.ZodType = z.ZodType> {
  name: N;
  version: number;
  schema: S;
}

export function defineEvent<N extends string, S extends z.ZodType>(
  name: N,
  version: number,
  schema: S,
): EventDefinition<N, S> {
  return { name, version, schema };
}

export type PayloadOf<D> = D extends EventDefinition<string, infer S> ? z.infer<S> : never;

export const UserRegistered = defineEvent(
  'user.registered',
  1,
  z.object({
    userId: z.string().uuid(),
    accountKind: z.enum(['phone', 'email']),
    gid: z.number().int(),
    registeredAt: z.string(),
  }),
);

export const ContributorProtocolAnswered = defineEvent(
  'contributor.protocol.answered',
  1,
  z.object({
    userId: z.string().uuid(),
    gid: z.number().int(),
    agreed: z.boolean(),
    photoFlag: z.boolean(),
  }),
);

export const UserUpdatedByStaff = defineEvent(
  'user.updated',
  1,
  z.object({
    userId: z.string().uuid(),
    changed: z.array(z.string()),
  }),
);

/** A material went on sale in the store (first publication or re-publication by staff). */
export const MaterialPublished = defineEvent(
  'material.published',
  1,
  z.object({
    materialId: z.number().int().positive(),
    code: z.string(),
    kind: z.enum(['video', 'photo', 'music', 'sfx']),
    onlineAt: z.string(),
  }),
);

/** A material was taken off sale; it no longer appears in search, details or new bookmarks. */
export const MaterialUnpublished = defineEvent(
  'material.unpublished',
  1,
  z.object({
    materialId: z.number().int().positive(),
    code: z.string(),
    kind: z.enum(['video', 'photo', 'music', 'sfx']),
  }),
);

/**
 * A staff change made in a service other than identity. Identity keeps the console's one audit
 * log, so every service announces its staff actions and identity records them.
 */
export const StaffActionAudited = defineEvent(
  'staff.action.audited',
  1,
  z.object({
    service: z.string().min(1).max(32),
    at: z.string(),
    staffId: z.uuid(),
    staffUsername: z.string().min(1).max(64),
    action: z.string().min(1).max(64),
    resource: z.string().min(1).max(64),
    resourceId: z.string().min(1).max(64),
    before: z.record(z.string(), z.unknown()).nullable(),
    after: z.record(z.string(), z.unknown()).nullable(),
  }),
);

/** All event definitions, so transports can create their queues and topics up front. */
export const ALL_EVENTS = [
  StaffActionAudited,
  UserRegistered, ContributorProtocolAnswered, UserUpdatedByStaff, MaterialPublished, MaterialUnpublished] as const;
