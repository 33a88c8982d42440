import { z } from 'zod';

export const sessionIntrospectionRequestSchema = z.object({
  kind: z.enum(['user', 'staff']),
  sessionId: z.uuid(),
  subjectId: z.uuid(),
});
export type SessionIntrospectionRequest = z.infer<typeof sessionIntrospectionRequestSchema>;
