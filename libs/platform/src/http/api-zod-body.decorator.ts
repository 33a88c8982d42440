import { ApiBody } from '@nestjs/swagger';
import { z } from 'zod';

/** Documents a request body in the OpenAPI document from the same zod schema that validates it. */
export const ApiZodBody = (schema: z.ZodType) =>
  ApiBody({ schema: z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown> });
