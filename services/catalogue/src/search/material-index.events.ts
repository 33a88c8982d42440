import { z } from 'zod';
import { defineEvent } from '@mkt/contracts';

/**
 * The catalogue's note to itself that these materials changed and a search engine outside the
 * database must index them again. Written in the outbox with the change, so a crash after the
 * commit cannot leave the engine behind; indexing is idempotent, so a redelivery is harmless.
 */
export const MaterialIndexRequested = defineEvent(
  'catalogue.material.index.requested',
  1,
  z.object({ materialIds: z.array(z.number().int().positive()).min(1).max(1000) }),
);
