import { ADMIN_API_PREFIX, type RealNameReviewView } from '@mkt/contracts';
import type { Identifier } from 'react-admin';
import type { HttpClient } from './http';

/** The verdicts on a real-name submission, beyond simple REST (reached through useDataProvider). */
export interface RealNameMethods {
  verifyRealName(id: Identifier): Promise<RealNameReviewView>;
  /** The reason is shown to the contributor, who may then submit again. */
  rejectRealName(id: Identifier, reason: string): Promise<RealNameReviewView>;
}

export function createRealNameMethods(http: HttpClient, apiUrl: string = ADMIN_API_PREFIX): RealNameMethods {
  const post = async (id: Identifier, verdict: 'verify' | 'reject', body?: object): Promise<RealNameReviewView> => {
    const response = await http(`${apiUrl}/real-name-reviews/${encodeURIComponent(String(id))}/${verdict}`, { method: 'POST', ...(body ? { body: JSON.stringify(body) } : {}) });
    return response.json as RealNameReviewView;
  };
  return {
    verifyRealName: (id) => post(id, 'verify'),
    rejectRealName: (id, reason) => post(id, 'reject', { reason: reason.trim() }),
  };
}
