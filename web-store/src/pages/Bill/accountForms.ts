import { BANK_NAME_MIN_LENGTH, type BankInfoSubmitRequest, isResidentIdNumber, type SettlementType } from '@mkt/contracts/web';

/**
 * The rules of /Bill's real-name and bank forms, checked in the browser before anything is sent
 * so people see every problem at once; the server checks the same rules again.
 */
export type FieldProblem = 'required' | 'invalid' | 'tooShort' | 'mismatch';

export interface RealNameDraft {
  name: string;
  idNumber: string;
  portraitPhotoId: string | null;
  emblemPhotoId: string | null;
}

export const normaliseIdNumber = (value: string) => value.replace(/\s/g, '').toUpperCase();
const digits = (value: string) => value.replace(/[\s-]/g, '');

export function realNameProblems(draft: RealNameDraft): Partial<Record<keyof RealNameDraft, FieldProblem>> {
  const problems: Partial<Record<keyof RealNameDraft, FieldProblem>> = {};
  const name = draft.name.trim();
  if (!name) problems.name = 'required';
  else if (name.length < 2 || !/^[\p{L}\p{M}·.\s'-]+$/u.test(name)) problems.name = 'invalid';
  const id = normaliseIdNumber(draft.idNumber);
  if (!id) problems.idNumber = 'required';
  else if (!isResidentIdNumber(id)) problems.idNumber = 'invalid';
  if (!draft.portraitPhotoId) problems.portraitPhotoId = 'required';
  if (!draft.emblemPhotoId) problems.emblemPhotoId = 'required';
  return problems;
}

export type BankDraft = Record<keyof BankInfoSubmitRequest, string> & { settlementType: SettlementType };

/** The account name the contract asks for: the verified real name, or the contract's company. */
export function contractNameFor(settlementType: SettlementType, contract: { realName: string | null; companyName: string | null }): string | null {
  return settlementType === 'company' ? contract.companyName : contract.realName;
}

/** The same comparison as the server: full-width forms, spacing and Latin case do not count. */
const comparable = (name: string) => name.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();

export function bankProblems(draft: BankDraft, contractName: string | null): Partial<Record<keyof BankInfoSubmitRequest, FieldProblem>> {
  const problems: Partial<Record<keyof BankInfoSubmitRequest, FieldProblem>> = {};
  if (!draft.accountName.trim()) problems.accountName = 'required';
  else if (contractName !== null && comparable(draft.accountName) !== comparable(contractName)) problems.accountName = 'mismatch';
  const card = digits(draft.cardNumber);
  if (!card) problems.cardNumber = 'required';
  else if (!/^\d{12,30}$/.test(card)) problems.cardNumber = 'invalid';
  const bank = draft.bankName.trim();
  if (!bank) problems.bankName = 'required';
  else if (bank.length < BANK_NAME_MIN_LENGTH) problems.bankName = 'tooShort';
  const phone = digits(draft.reservedPhone);
  if (!phone) problems.reservedPhone = 'required';
  else if (!/^(?:\+?86)?1[3-9]\d{9}$/.test(phone)) problems.reservedPhone = 'invalid';
  const id = normaliseIdNumber(draft.idNumber);
  if (!id) problems.idNumber = 'required';
  else if (!isResidentIdNumber(id)) problems.idNumber = 'invalid';
  const tax = draft.taxNumber.trim().toUpperCase();
  if (!tax) problems.taxNumber = 'required';
  else if (!/^[0-9A-Z]{15,20}$/.test(tax)) problems.taxNumber = 'invalid';
  return problems;
}

/** What is sent: numbers without the spaces people type to read them. */
export function bankRequest(draft: BankDraft): BankInfoSubmitRequest {
  return {
    settlementType: draft.settlementType,
    accountName: draft.accountName.trim(),
    cardNumber: digits(draft.cardNumber),
    bankName: draft.bankName.trim(),
    reservedPhone: digits(draft.reservedPhone),
    idNumber: normaliseIdNumber(draft.idNumber),
    taxNumber: draft.taxNumber.trim().toUpperCase(),
  };
}

/** Groups a card number in fours, as it is printed on the card. */
export const groupedCard = (card: string) => digits(card).replace(/(\d{4})(?=\d)/g, '$1 ');
