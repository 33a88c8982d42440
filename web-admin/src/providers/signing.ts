import { ADMIN_API_PREFIX, type SigningReviewView } from '@mkt/contracts';
import type { Identifier } from 'react-admin';
import type { HttpClient } from './http';

/** The verdicts on a signing application, beyond simple REST (reached through useDataProvider). */
export interface SigningMethods {
  /** The applicant becomes a contributor with these upload rights (at least one). */
  approveSigning(id: Identifier, rights: { videoFlag: boolean; photoFlag: boolean }): Promise<SigningReviewView>;
  /** The reason is shown to the applicant, who may then apply again. */
  rejectSigning(id: Identifier, reason: string): Promise<SigningReviewView>;
}

export function createSigningMethods(http: HttpClient, apiUrl: string = ADMIN_API_PREFIX): SigningMethods {
  const post = async (id: Identifier, verdict: 'approve' | 'reject', body: object): Promise<SigningReviewView> => {
    const response = await http(`${apiUrl}/signing-applications/${encodeURIComponent(String(id))}/${verdict}`, { method: 'POST', body: JSON.stringify(body) });
    return response.json as SigningReviewView;
  };
  return {
    approveSigning: (id, rights) => post(id, 'approve', rights),
    rejectSigning: (id, reason) => post(id, 'reject', { reason: reason.trim() }),
  };
}
