import { ADMIN_API_PREFIX, type UserContactRevealed } from '@mkt/contracts';
import type { Identifier } from 'react-admin';
import type { HttpClient } from './http';

/** User actions beyond simple REST (reached through useDataProvider). */
export interface UserMethods {
  /** One user's phone and e-mail in full; the server records who asked. */
  revealUserContact(id: Identifier): Promise<UserContactRevealed>;
}

export function createUserMethods(http: HttpClient, apiUrl: string = ADMIN_API_PREFIX): UserMethods {
  return {
    async revealUserContact(id) {
      const response = await http(`${apiUrl}/users/${encodeURIComponent(String(id))}/reveal`, { method: 'POST' });
      return response.json as UserContactRevealed;
    },
  };
}
