import { z } from 'zod';

/** NUL and the other C0 control characters, which no form field of the product needs. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** Trimmed text of one line, without control characters (PostgreSQL refuses NUL in text). */
export function lineText(min: number, max: number) {
  return z
    .string()
    .trim()
    .min(min)
    .max(max)
    .refine((value) => !CONTROL_CHARACTERS.test(value) && !/[\r\n]/.test(value), { message: 'must be one line without control characters' });
}
