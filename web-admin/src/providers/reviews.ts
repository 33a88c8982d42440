import { ADMIN_API_PREFIX, type RevealedRelease } from '@mkt/contracts';
import type { Identifier } from 'react-admin';
import type { HttpClient } from './http';

/** Review actions beyond simple REST (reached through useDataProvider). */
export interface ReviewMethods {
  /** An attached release's full name and a five-minute link to its file; the server records who asked. */
  revealRelease(uploadId: Identifier, releaseId: string): Promise<RevealedRelease>;
}

export function createReviewMethods(http: HttpClient, apiUrl: string = ADMIN_API_PREFIX): ReviewMethods {
  return {
    async revealRelease(uploadId, releaseId) {
      const response = await http(`${apiUrl}/reviews/${encodeURIComponent(String(uploadId))}/releases/${encodeURIComponent(releaseId)}/reveal`, { method: 'POST' });
      return response.json as RevealedRelease;
    },
  };
}
