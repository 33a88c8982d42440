import { createHash, randomBytes } from 'node:crypto';

/**
 * A judge's key: 120 random bits written as five groups of four letters and digits (no 0/O or
 * 1/I/L to misread when it is read out over the phone). Only its SHA-256 is stored; the key is
 * shown once, when it is made. Case, spaces and dashes do not matter when it is typed back.
 */
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

export function generateJudgeKey(): string {
  const bytes = randomBytes(20);
  const chars = [...bytes].map((byte) => ALPHABET[byte % ALPHABET.length]!);
  return Array.from({ length: 5 }, (_, group) => chars.slice(group * 4, group * 4 + 4).join('')).join('-');
}

/** The key as it is compared: upper case, without spaces or dashes. Null for anything that cannot be a key. */
export function normaliseJudgeKey(typed: string): string | null {
  const compact = typed.replace(/[\s-]/g, '').toUpperCase();
  return /^[2-9A-HJKMNP-Z]{20}$/.test(compact) ? compact : null;
}

export function hashJudgeKey(normalised: string): string {
  return createHash('sha256').update(normalised).digest('hex');
}

/** The last four characters, so staff can tell keys apart in the console without seeing them. */
export function judgeKeyHint(normalised: string): string {
  return normalised.slice(-4);
}
