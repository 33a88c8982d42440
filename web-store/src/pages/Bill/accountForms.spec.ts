import { bankProblems, bankRequest, contractNameFor, groupedCard, realNameProblems, type BankDraft } from './accountForms';

const valid: BankDraft = {
  settlementType: 'personal',
  accountName: '张伟',
  cardNumber: '6222 0202 0011 2233 445',
  bankName: '中国工商银行北京朝阳门支行',
  reservedPhone: '138 0013 8000',
  idNumber: '11010519491231002x',
  taxNumber: '11010519491231002x',
};

describe('/Bill account forms', () => {
  it('accepts a complete real-name draft and names each missing or wrong field', () => {
    expect(realNameProblems({ name: '张伟', idNumber: '110105 19491231 002x', portraitPhotoId: 'a', emblemPhotoId: 'b' })).toEqual({});
    expect(realNameProblems({ name: ' ', idNumber: '110105194912310021', portraitPhotoId: null, emblemPhotoId: 'b' })).toEqual({
      name: 'required',
      idNumber: 'invalid',
      portraitPhotoId: 'required',
    });
    expect(realNameProblems({ name: 'Li<script>', idNumber: '', portraitPhotoId: 'a', emblemPhotoId: 'b' })).toEqual({ name: 'invalid', idNumber: 'required' });
  });

  it('asks for the contract name, a long enough bank name and well-formed numbers', () => {
    expect(bankProblems(valid, '张伟')).toEqual({});
    expect(bankProblems(valid, '王芳')).toEqual({ accountName: 'mismatch' });
    expect(bankProblems({ ...valid, bankName: '工商银行', cardNumber: '6222-abc', reservedPhone: '1234', taxNumber: 'x' }, '张伟')).toEqual({
      bankName: 'tooShort',
      cardNumber: 'invalid',
      reservedPhone: 'invalid',
      taxNumber: 'invalid',
    });
    // Full-width brackets and spacing do not make a company name different.
    expect(bankProblems({ ...valid, settlementType: 'company', accountName: '光影传媒（上海）有限公司' }, '光影传媒(上海)有限公司')).toEqual({});
  });

  it('sends the numbers without spaces and picks the contract name by settlement type', () => {
    expect(bankRequest(valid)).toMatchObject({ cardNumber: '6222020200112233445', reservedPhone: '13800138000', idNumber: '11010519491231002X', taxNumber: '11010519491231002X' });
    expect(contractNameFor('personal', { realName: '张伟', companyName: 'ACME' })).toBe('张伟');
    expect(contractNameFor('company', { realName: '张伟', companyName: null })).toBeNull();
    expect(groupedCard('6222020200112233445')).toBe('6222 0202 0011 2233 445');
  });
});
