/**
 * Form validation from the shared contract schemas, so the console checks exactly what the
 * server checks. zod issues become react-admin's translated validation messages.
 */

type Message = string | { message: string; args: Record<string, unknown> };

export interface SchemaIssue {
  code: string;
  path: PropertyKey[];
  message: string;
  origin?: string;
  expected?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
}

export interface ValidatingSchema {
  safeParse(value: unknown): { success: true } | { success: false; error: { issues: SchemaIssue[] } };
}

/** Per field and issue code, a message to use instead of the generic one. */
export type MessageOverrides = Record<string, Partial<Record<string, string>>>;

const num = (value: number | bigint | undefined): number => Number(value ?? 0);

export function issueMessage(issue: SchemaIssue, value: unknown): Message {
  switch (issue.code) {
    case 'invalid_type':
      if (value == null || value === '') return 'ra.validation.required';
      return issue.expected === 'int' ? 'app.validation.integer' : issue.message;
    // An enum (a select input) left empty.
    case 'invalid_value':
      return value == null || value === '' ? 'ra.validation.required' : issue.message;
    case 'too_small':
      if (issue.origin === 'number') return { message: 'ra.validation.minValue', args: { min: num(issue.minimum) } };
      if (num(issue.minimum) <= 1) return 'ra.validation.required';
      return { message: 'ra.validation.minLength', args: { min: num(issue.minimum) } };
    case 'too_big':
      if (issue.origin === 'number') return { message: 'ra.validation.maxValue', args: { max: num(issue.maximum) } };
      return { message: 'ra.validation.maxLength', args: { max: num(issue.maximum) } };
    default:
      return issue.message;
  }
}

/**
 * A react-admin form-level `validate` function. `prepare` maps the form values to what the API
 * will receive (e.g. drops an empty optional password) before the schema sees them.
 */
export function validateWith(
  schema: ValidatingSchema,
  overrides: MessageOverrides = {},
  prepare: (values: Record<string, unknown>) => Record<string, unknown> = (values) => values,
) {
  return (values: Record<string, unknown>): Record<string, Message> => {
    const result = schema.safeParse(prepare(values));
    if (result.success) return {};
    const errors: Record<string, Message> = {};
    for (const issue of result.error.issues) {
      const field = String(issue.path[0] ?? '');
      if (!field || field in errors) continue;
      errors[field] = overrides[field]?.[issue.code] ?? issueMessage(issue, values[field]);
    }
    return errors;
  };
}
