import {
  accountNameMatches,
  BANK_NAME_MIN_LENGTH,
  type BankInfoSubmitRequest,
  CARD_NUMBER_PATTERN,
  isResidentIdNumber,
  normaliseIdNumber,
  PHONE_PATTERN,
  REAL_NAME_PATTERN,
  type SettlementType,
  stripDigitSeparators,
  TAX_NUMBER_PATTERN,
} from '@mkt/contracts/web';

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


export function realNameProblems(draft: RealNameDraft): Partial<Record<keyof RealNameDraft, FieldProblem>> {
  const problems: Partial<Record<keyof RealNameDraft, FieldProblem>> = {};
  const name = draft.name.trim();
  if (!name) problems.name = 'required';
  else if (name.length < 2 || !REAL_NAME_PATTERN.test(name)) problems.name = 'invalid';
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

export function bankProblems(draft: BankDraft, contractName: string | null): Partial<Record<keyof BankInfoSubmitRequest, FieldProblem>> {
  const problems: Partial<Record<keyof BankInfoSubmitRequest, FieldProblem>> = {};
  if (!draft.accountName.trim()) problems.accountName = 'required';
  else if (contractName !== null && !accountNameMatches(draft.accountName, contractName)) problems.accountName = 'mismatch';
  const card = stripDigitSeparators(draft.cardNumber);
  if (!card) problems.cardNumber = 'required';
  else if (!CARD_NUMBER_PATTERN.test(card)) problems.cardNumber = 'invalid';
  const bank = draft.bankName.trim();
  if (!bank) problems.bankName = 'required';
  else if (bank.length < BANK_NAME_MIN_LENGTH) problems.bankName = 'tooShort';
  const phone = stripDigitSeparators(draft.reservedPhone);
  if (!phone) problems.reservedPhone = 'required';
  else if (!PHONE_PATTERN.test(phone)) problems.reservedPhone = 'invalid';
  const id = normaliseIdNumber(draft.idNumber);
  if (!id) problems.idNumber = 'required';
  else if (!isResidentIdNumber(id)) problems.idNumber = 'invalid';
  const tax = draft.taxNumber.trim().toUpperCase();
  if (!tax) problems.taxNumber = 'required';
  else if (!TAX_NUMBER_PATTERN.test(tax)) problems.taxNumber = 'invalid';
  return problems;
}

/** What is sent: numbers without the spaces people type to read them. */
export function bankRequest(draft: BankDraft): BankInfoSubmitRequest {
  return {
    settlementType: draft.settlementType,
    accountName: draft.accountName.trim(),
    cardNumber: stripDigitSeparators(draft.cardNumber),
    bankName: draft.bankName.trim(),
    reservedPhone: stripDigitSeparators(draft.reservedPhone),
    idNumber: normaliseIdNumber(draft.idNumber),
    taxNumber: draft.taxNumber.trim().toUpperCase(),
  };
}

/** Groups a card number in fours, as it is printed on the card. */
export const groupedCard = (card: string) => stripDigitSeparators(card).replace(/(\d{4})(?=\d)/g, '$1 ');
