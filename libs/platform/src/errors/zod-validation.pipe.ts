import { Injectable, type PipeTransform } from '@nestjs/common';
import type { z } from 'zod';
import { ErrorCode } from '@mkt/contracts';
import { AppError } from './app-error.js';

/**
 * Validation at the edge with the schemas shared from the contracts library:
 * `@Body(new ZodValidationPipe(loginRequestSchema)) body: LoginRequest`.
 * A missing body reads as {} (store clients send bodiless POSTs) unless `objectBody` is set: then
 * the body must be a JSON object, so a `null`, an array or a body of another type (XML, text, left
 * unread by the edge) is refused rather than read as an empty change.
 */
@Injectable()
export class ZodValidationPipe<S extends z.ZodType> implements PipeTransform<unknown, z.infer<S>> {
  constructor(
    private readonly schema: S,
    private readonly options: { objectBody?: boolean } = {},
  ) {}

  transform(value: unknown): z.infer<S> {
    if (this.options.objectBody && (value === null || typeof value !== 'object' || Array.isArray(value))) {
      throw new AppError(ErrorCode.MALFORMED_BODY, 'bodyNotObject');
    }
    const result = this.schema.safeParse(value ?? {});
    if (result.success) return result.data;
    // Field names only: they read the same in both languages, unlike zod's English texts.
    const fields = [...new Set(result.error.issues.map((issue) => issue.path.join('.') || 'body'))].slice(0, 5).join(', ');
    throw new AppError(ErrorCode.VALIDATION_FAILED, 'fieldsInvalid', { fields });
  }
}
