import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

const ALGORITHM = 'aes-256-gcm';
const VERSION = 'v1';

/**
 * Encrypts single sensitive fields (card and identity numbers) before they reach the database:
 * AES-256-GCM with a fresh nonce per value, so equal numbers never look equal at rest and a
 * changed byte is detected on reading. The stored text names the key by a short fingerprint,
 * so reading with the wrong key fails with a clear message instead of returning garbage.
 */
export class FieldCipher {
  private readonly key: Buffer;
  private readonly keyId: string;

  constructor(key: Buffer) {
    if (key.length !== 32) throw new Error('the field encryption key must be 32 bytes (base64 of 32 random bytes)');
    this.key = key;
    this.keyId = createHash('sha256').update(key).digest('hex').slice(0, 8);
  }

  /** `v1.<key id>.<nonce>.<tag>.<ciphertext>`, base64url parts. */
  encrypt(plain: string): string {
    const nonce = randomBytes(12);
    const cipher = createCipheriv(ALGORITHM, this.key, nonce);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [VERSION, this.keyId, nonce.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
  }

  decrypt(stored: string): string {
    const [version, keyId, nonce, tag, body] = stored.split('.');
    if (version !== VERSION || !nonce || !tag || body === undefined) throw new Error('not a value written by FieldCipher');
    if (keyId !== this.keyId) throw new Error(`encrypted with key ${keyId}, but the configured key is ${this.keyId}`);
    const decipher = createDecipheriv(ALGORITHM, this.key, Buffer.from(nonce, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  }
}

