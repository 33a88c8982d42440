import { ErrorCode } from '@mkt/contracts';
import { AppError } from '@mkt/platform';
import { assertLicensable } from './order-rules.js';

describe('assertLicensable', () => {
  const editorial = { code: 'V1', releases: { model: false, property: false, editorialOnly: true } };
  const released = { code: 'P2', releases: { model: true, property: false, editorialOnly: false } };
  const unknown = { code: 'V3', releases: null };

  it('refuses a commercial licence for editorial-only materials, naming each of them', () => {
    let caught: unknown;
    try {
      assertLicensable('commercial', [released, editorial, { ...editorial, code: 'V9' }]);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(AppError);
    expect([(caught as AppError).code, (caught as AppError).params]).toEqual([ErrorCode.EDITORIAL_ONLY_COMMERCIAL, { codes: 'V1, V9' }]);
  });

  it('lets a personal licence cover them, and a commercial one cover everything else', () => {
    expect(() => assertLicensable('personal', [editorial, released])).not.toThrow();
    expect(() => assertLicensable('commercial', [released, unknown])).not.toThrow();
  });
});
