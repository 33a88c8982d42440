/** One field whose value differs between an audit entry's `before` and `after`. */
export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
}

type Plain = Record<string, unknown>;

function isPlain(value: unknown): value is Plain {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function deepEqual(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, i) => deepEqual(item, b[i]));
  }
  if (isPlain(a) && isPlain(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    return [...keys].every((key) => deepEqual(a[key], b[key]));
  }
  return false;
}

/**
 * The fields that changed, in the order they appear (before's keys, then keys only after has).
 * A creation (before null) lists every field of after; a deletion every field of before.
 * Values that are not objects are compared as a whole, under the field name "".
 */
export function changedFields(before: unknown, after: unknown): FieldChange[] {
  const b = before ?? {};
  const a = after ?? {};
  if (!isPlain(b) || !isPlain(a)) {
    return deepEqual(before, after) ? [] : [{ field: '', before, after }];
  }
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  return keys
    .filter((key) => !deepEqual(b[key], a[key]))
    .map((key) => ({ field: key, before: b[key], after: a[key] }));
}

/** Secrets never belong in an audit entry; if one slips in, the console does not display it. */
export function isSecretField(field: string): boolean {
  return /password|secret|token/i.test(field);
}
