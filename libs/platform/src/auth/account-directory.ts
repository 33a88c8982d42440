import { createHmac } from 'node:crypto';
import {
  ACCOUNT_LOOKUP_PATH,
  ErrorCode,
  INTROSPECTION_SIGNATURE_HEADER,
  accountLookupSubject,
  type AccountLookupRequest,
  type AccountLookupResponse,
  type DirectoryAccount,
} from '@mkt/contracts';
import { AppError } from '../errors/app-error.js';
import { describeFetchError } from '../health/peer-reachability.js';
import { withTraceHeaders } from '../tracing/trace-context.js';

/**
 * The accounts identity holds, as other services may know them: by a phone number or e-mail
 * someone typed (an invitation), or by id (a name beside a change). Identity answers it in its
 * own process; a service deployed apart asks identity (RemoteAccountDirectory, IDENTITY_URL).
 * Absent when neither is there: callers say the feature is unavailable.
 */
export const ACCOUNT_DIRECTORY = Symbol('AccountDirectory');

export interface AccountDirectory {
  /** Each contact's account, in order (null where none has it or it is not a phone number or e-mail). */
  byContacts(contacts: readonly string[]): Promise<(DirectoryAccount | null)[]>;
  /** The accounts among `userIds`, by id. */
  byIds(userIds: readonly string[]): Promise<Map<string, DirectoryAccount>>;
}

export function accountLookupSignature(secret: string, request: AccountLookupRequest): string {
  return createHmac('sha256', secret).update(accountLookupSubject(request)).digest('hex');
}

/** The directory over HTTP: identity's lookup call, signed with the shared token secret. */
export class RemoteAccountDirectory implements AccountDirectory {
  constructor(
    private readonly identityUrl: string,
    private readonly secret: string,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  async byContacts(contacts: readonly string[]): Promise<(DirectoryAccount | null)[]> {
    if (contacts.length === 0) return [];
    return (await this.lookup({ contacts: [...contacts], userIds: [] })).byContact;
  }

  async byIds(userIds: readonly string[]): Promise<Map<string, DirectoryAccount>> {
    if (userIds.length === 0) return new Map();
    return new Map((await this.lookup({ contacts: [], userIds: [...new Set(userIds)] })).byId.map((account) => [account.userId, account]));
  }

  private async lookup(request: AccountLookupRequest): Promise<AccountLookupResponse> {
    let response: Response;
    try {
      response = await this.fetchImpl(`${this.identityUrl.replace(/\/$/, '')}${ACCOUNT_LOOKUP_PATH}`, {
        method: 'POST',
        headers: withTraceHeaders({ 'content-type': 'application/json', [INTROSPECTION_SIGNATURE_HEADER]: accountLookupSignature(this.secret, request) }),
        body: JSON.stringify(request),
        signal: AbortSignal.timeout(3_000),
      });
    } catch (error) {
      throw new AppError(ErrorCode.NOT_READY, 'serviceUnavailable', {}, { peer: 'identity', error: describeFetchError(error) });
    }
    const json = (await response.json().catch(() => null)) as AccountLookupResponse | null;
    if (!response.ok || !json || !Array.isArray(json.byContact) || !Array.isArray(json.byId)) throw new AppError(ErrorCode.NOT_READY, 'serviceUnavailable');
    return json;
  }
}
