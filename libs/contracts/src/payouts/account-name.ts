/**
 * The account name must match the contract (spec section 5); the store checks it as the server does. Names are compared after the
 * normalisation people do not notice when typing: full-width and half-width forms (NFKC turns
 * "（" into "("), surrounding and repeated spaces, and Latin letter case.
 */
export function normaliseAccountName(name: string): string {
  return name.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();
}

export function accountNameMatches(accountName: string, contractName: string): boolean {
  return normaliseAccountName(accountName) === normaliseAccountName(contractName);
}
