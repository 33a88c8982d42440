import { normaliseText } from '@mkt/contracts';

/**
 * Every string of a parsed JSON value put through the product's one text rule; keys are left
 * alone. Text is stored as it will be read back: composed, without control characters or
 * bidirectional overrides (a licensee's name is printed on the authorization PDF). Runs after
 * `unstorableTextRefusal`, which has already bounded how deep a body may nest.
 */
export function normaliseStrings(value: unknown): unknown {
  if (typeof value === 'string') return normaliseText(value);
  if (Array.isArray(value)) return value.map(normaliseStrings);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([key, child]) => [key, normaliseStrings(child)]));
}
