import { Injectable, type PipeTransform } from '@nestjs/common';
import type { z } from 'zod';
import { AppError } from '../errors/app-error.js';

/**
 * A path id checked against what the resource's key column can hold: anything else names no
 * record, so it is answered 404 before a query could fail on it (a word where an integer key is
 * expected, a number past the column's range).
 */
@Injectable()
export class ResourceIdPipe implements PipeTransform<string, string> {
  constructor(private readonly schema: z.ZodType) {}

  transform(value: string): string {
    if (!this.schema.safeParse(value).success) throw AppError.notFound();
    return value;
  }
}
