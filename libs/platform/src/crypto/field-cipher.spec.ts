import { randomBytes } from 'node:crypto';
import { FieldCipher } from './field-cipher.js';

describe('FieldCipher', () => {
  const cipher = new FieldCipher(randomBytes(32));

  it('reads back what it wrote, and the stored text does not contain the number', () => {
    const stored = cipher.encrypt('6222020200112233445');
    expect(stored).not.toContain('6222020200112233445');
    expect(cipher.decrypt(stored)).toBe('6222020200112233445');
  });

  it('writes the same number differently every time', () => {
    expect(cipher.encrypt('11010519491231002X')).not.toBe(cipher.encrypt('11010519491231002X'));
  });

  it('refuses a changed value and a value written with another key', () => {
    const stored = cipher.encrypt('6222020200112233445');
    const parts = stored.split('.');
    const body = Buffer.from(parts[4]!, 'base64url');
    body[0] = body[0]! ^ 1;
    parts[4] = body.toString('base64url');
    expect(() => cipher.decrypt(parts.join('.'))).toThrow();
    expect(() => new FieldCipher(randomBytes(32)).decrypt(stored)).toThrow(/configured key/);
  });

  it('refuses a key of the wrong length', () => {
    expect(() => new FieldCipher(randomBytes(16))).toThrow(/32 bytes/);
  });
});
