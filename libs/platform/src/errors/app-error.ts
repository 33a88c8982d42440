import { ErrorCode, httpStatusOf, type MessageKey } from '@mkt/contracts';

/**
 * A refusal the client should understand: a code from the contracts, a message key that is
 * rendered in the caller's language, and optional values for the message's placeholders.
 */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly messageKey: MessageKey,
    readonly params: Record<string, string | number> = {},
    readonly data: unknown = null,
  ) {
    super(`${messageKey} (${code})`);
    this.name = 'AppError';
  }

  get httpStatus(): number {
    return httpStatusOf[this.code];
  }

  static tokenInvalid(): AppError {
    return new AppError(ErrorCode.TOKEN_INVALID, 'tokenInvalid');
  }
  static accountDisabled(): AppError {
    return new AppError(ErrorCode.ACCOUNT_DISABLED, 'accountDisabled');
  }
  static forbidden(): AppError {
    return new AppError(ErrorCode.FORBIDDEN, 'forbidden');
  }
  static notFound(): AppError {
    return new AppError(ErrorCode.NOT_FOUND, 'notFound');
  }
  static validation(details: string): AppError {
    return new AppError(ErrorCode.VALIDATION_FAILED, 'validationFailed', { details });
  }
}
