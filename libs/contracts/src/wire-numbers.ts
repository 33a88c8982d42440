import { z } from 'zod';
import { BIGINT_ID_MAX, INT4_MAX } from './column-limits.js';

export { BIGINT_ID_MAX, INT4_MAX };

const DECIMAL_INTEGER = /^-?\d{1,20}$/;
const DECIMAL_NUMBER = /^-?\d{1,20}(\.\d{1,10})?$/;

/**
 * A whole number as clients send it: a JSON number, or a string of decimal digits where the
 * spec's client sends strings (query strings, form fields). Unlike `z.coerce.number()`, `null`,
 * booleans, hex, exponents and blanks are refused instead of becoming 0, 1, 16, 1000 and 0.
 */
export function wholeNumber(min: number, max: number) {
  const inRange = z.number().int().min(min).max(max);
  return z.union([inRange, z.string().regex(DECIMAL_INTEGER).transform(Number).pipe(inRange)]);
}

/** A number with a fraction (prices in yuan), from a JSON number or a decimal string. */
export function decimalNumber(min: number, max: number) {
  const inRange = z.number().min(min).max(max);
  return z.union([inRange, z.string().regex(DECIMAL_NUMBER).transform(Number).pipe(inRange)]);
}

/** The id of a row whose key is a `serial` (int4) column: categories, topics, cart and order items. */
export const serialId = () => wholeNumber(1, INT4_MAX);

/** The id of a row whose key is a `bigserial` column: materials, uploads, bookmarks. */
export const bigserialId = () => wholeNumber(1, BIGINT_ID_MAX);
