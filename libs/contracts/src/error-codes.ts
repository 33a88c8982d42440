/**
 * Error codes shared by the server and both web apps.
 * 1001 and 3 are the product's historical codes: clients clear the token and go to /Login on them.
 */
export const ErrorCode = {
  OK: 0,
  ACCOUNT_DISABLED: 3,
  TOKEN_INVALID: 1001,
  FORBIDDEN: 1003,
  NOT_FOUND: 1004,
  VALIDATION_FAILED: 1400,
  MALFORMED_BODY: 1401,
  RATE_LIMITED: 1429,
  INTERNAL: 1500,
  NOT_READY: 1503,
  CODE_WRONG: 2001,
  CODE_EXPIRED: 2002,
  CODE_ATTEMPTS_EXCEEDED: 2003,
  CODE_RESEND_TOO_SOON: 2004,
  CODE_HOURLY_LIMIT: 2005,
  ACCOUNT_INVALID: 2006,
  CODE_CHANNEL_UNAVAILABLE: 2007,
  CODE_DELIVERY_FAILED: 2008,
  STAFF_CREDENTIALS_WRONG: 2101,
  STAFF_USERNAME_TAKEN: 2102,
  PROTOCOL_NOT_APPLICABLE: 2201,
  PROTOCOL_ALREADY_ANSWERED: 2202,
  STAFF_LOCKED: 2103,
  LOGIN_REQUIRED: 2301,
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** The HTTP status that carries each code's class. */
export const httpStatusOf: Record<ErrorCode, number> = {
  [ErrorCode.OK]: 200,
  [ErrorCode.ACCOUNT_DISABLED]: 403,
  [ErrorCode.TOKEN_INVALID]: 401,
  [ErrorCode.FORBIDDEN]: 403,
  [ErrorCode.NOT_FOUND]: 404,
  [ErrorCode.VALIDATION_FAILED]: 422,
  [ErrorCode.MALFORMED_BODY]: 400,
  [ErrorCode.RATE_LIMITED]: 429,
  [ErrorCode.INTERNAL]: 500,
  [ErrorCode.NOT_READY]: 503,
  [ErrorCode.CODE_WRONG]: 422,
  [ErrorCode.CODE_EXPIRED]: 422,
  [ErrorCode.CODE_ATTEMPTS_EXCEEDED]: 429,
  [ErrorCode.CODE_RESEND_TOO_SOON]: 429,
  [ErrorCode.CODE_HOURLY_LIMIT]: 429,
  [ErrorCode.ACCOUNT_INVALID]: 422,
  [ErrorCode.CODE_CHANNEL_UNAVAILABLE]: 422,
  [ErrorCode.CODE_DELIVERY_FAILED]: 503,
  [ErrorCode.STAFF_CREDENTIALS_WRONG]: 401,
  [ErrorCode.STAFF_USERNAME_TAKEN]: 409,
  [ErrorCode.PROTOCOL_NOT_APPLICABLE]: 409,
  [ErrorCode.PROTOCOL_ALREADY_ANSWERED]: 409,
  [ErrorCode.STAFF_LOCKED]: 429,
  [ErrorCode.LOGIN_REQUIRED]: 401,
};
