import { ADMIN_API_PREFIX, type BankInfoAdminView, type BankInfoRevealed, type StatementAdminView } from '@mkt/contracts';
import type { Identifier } from 'react-admin';
import type { HttpClient } from './http';

/**
 * The statement calls beyond simple REST, as custom data provider methods: components reach them
 * through useDataProvider, so a refused token signs the staff member out as for any list or edit.
 */
export interface PayoutsMethods {
  generateStatements(quarter: { year: number; quarter: number }): Promise<{ created: number }>;
  remitStatements(ids: readonly Identifier[]): Promise<{ batch: string; statements: StatementAdminView[] }>;
  /** The corrected successor of a rejected statement. */
  correctStatement(id: Identifier): Promise<StatementAdminView>;
  /** The bank's remittance list of a batch, as CSV text. */
  remittanceCsv(batch: string): Promise<string>;
  /** The unmasked card, ID and tax numbers; the server records who asked. */
  revealBankInfo(id: Identifier): Promise<BankInfoRevealed>;
  verifyBankInfo(id: Identifier): Promise<BankInfoAdminView>;
  rejectBankInfo(id: Identifier, reason: string): Promise<BankInfoAdminView>;
}

export function createPayoutsMethods(http: HttpClient, apiUrl: string = ADMIN_API_PREFIX): PayoutsMethods {
  const post = async <T>(path: string, body?: object): Promise<T> => {
    const response = await http(`${apiUrl}${path}`, { method: 'POST', ...(body ? { body: JSON.stringify(body) } : {}) });
    return response.json as T;
  };
  return {
    generateStatements: ({ year, quarter }) => post('/statements/generate', { year, quarter }),
    remitStatements: (ids) => post('/statements/remit', { ids: ids.map(String) }),
    correctStatement: (id) => post(`/statements/${encodeURIComponent(String(id))}/correct`),
    revealBankInfo: (id) => post(`/bank-infos/${encodeURIComponent(String(id))}/reveal`),
    verifyBankInfo: (id) => post(`/bank-infos/${encodeURIComponent(String(id))}/verify`),
    rejectBankInfo: (id, reason) => post(`/bank-infos/${encodeURIComponent(String(id))}/reject`, { reason }),
    async remittanceCsv(batch) {
      const response = await http(`${apiUrl}/remittances/${encodeURIComponent(batch)}`);
      return response.body;
    },
  };
}
