import type { NextFunction, Request, Response } from 'express';
import { normaliseText } from '@mkt/contracts';

/** Every string of a parsed JSON value put through the product's one text rule; keys are left alone. */
export function normaliseStrings(value: unknown): unknown {
  if (typeof value === 'string') return normaliseText(value);
  if (Array.isArray(value)) return value.map(normaliseStrings);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([key, child]) => [key, normaliseStrings(child)]));
}

/**
 * Text is stored as it will be read back: composed, without control characters or bidirectional
 * overrides (a licensee's name is printed on the authorization PDF). Runs after
 * `refuseUnstorableText`, which has already bounded how deep a body may nest.
 */
export function normaliseBodyText(request: Request, _response: Response, next: NextFunction): void {
  if (request.body !== null && typeof request.body === 'object') request.body = normaliseStrings(request.body);
  next();
}
