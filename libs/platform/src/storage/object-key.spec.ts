import { assertValidBucketName, assertValidKeyPrefix, assertValidObjectKey } from './object-key.js';
import { InvalidBucketNameError, InvalidObjectKeyError } from './object-storage.errors.js';

describe('object keys', () => {
  it.each([
    'a',
    'originals/2024/12/clip.mov',
    '素材/夜景 延时摄影 (4K).mp4',
    '.hidden/..dots../file.',
    'x'.repeat(255),
    `${'y'.repeat(255)}/${'z'.repeat(255)}/${'w'.repeat(255)}/${'v'.repeat(252)}`,
  ])('accepts %j', (key) => {
    expect(() => assertValidObjectKey(key)).not.toThrow();
  });

  it.each([
    ['empty', ''],
    ['leading slash', '/etc/passwd'],
    ['parent segment', 'a/../../b'],
    ['bare parent', '..'],
    ['current segment', './a'],
    ['trailing slash', 'folder/'],
    ['empty segment', 'a//b'],
    ['NUL', 'a\u0000b'],
    ['control character', 'a\u001bb'],
    ['DEL', 'a\u007fb'],
    ['backslash', '..\\windows'],
    ['over 1024 bytes', '中'.repeat(342)],
    ['segment over 255 bytes', `a/${'b'.repeat(256)}`],
    ['lone surrogate', 'a\udc00'],
  ])('refuses a key with %s', (_reason, key) => {
    expect(() => assertValidObjectKey(key)).toThrow(InvalidObjectKeyError);
  });

  it('refuses non-strings', () => {
    expect(() => assertValidObjectKey(undefined)).toThrow(InvalidObjectKeyError);
    expect(() => assertValidObjectKey(42)).toThrow(InvalidObjectKeyError);
  });

  it('names the key and the rule in the error, shortened and on one line', () => {
    expect(() => assertValidObjectKey(`${'k'.repeat(300)}\u0000`)).toThrow(/^invalid object key "k{120}…": must not contain NUL/);
  });
});

describe('key prefixes', () => {
  it.each(['', 'a', 'a/', 'a/b', 'photos/2024-1', 'a/.', 'a/..partial'])('accepts %j', (prefix) => {
    expect(() => assertValidKeyPrefix(prefix)).not.toThrow();
  });

  it.each(['/a', '../', 'a/../b', 'a//', 'a\u0000'])('refuses %j', (prefix) => {
    expect(() => assertValidKeyPrefix(prefix)).toThrow(InvalidObjectKeyError);
  });
});

describe('bucket names', () => {
  it.each(['originals', 'renditions', 'vouchers', 'abc', 'a-1', 'x'.repeat(63)])('accepts %j', (bucket) => {
    expect(() => assertValidBucketName(bucket)).not.toThrow();
  });

  it.each(['ab', 'Originals', 'with_underscore', 'with.dot', '-start', 'end-', '.multipart', 'x'.repeat(64), ''])('refuses %j', (bucket) => {
    expect(() => assertValidBucketName(bucket)).toThrow(InvalidBucketNameError);
  });
});
