import { z } from 'zod';

export const sessionIntrospectionRequestSchema = z.object({
  kind: z.enum(['user', 'staff']),
  sessionId: z.uuid(),
  subjectId: z.uuid(),
});
export type SessionIntrospectionRequest = z.infer<typeof sessionIntrospectionRequestSchema>;

export const accountLookupRequestSchema = z.object({
  contacts: z.array(z.string().max(254)).max(20),
  userIds: z.array(z.uuid()).max(500),
});
