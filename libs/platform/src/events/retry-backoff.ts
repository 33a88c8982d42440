export interface RetryBackoff {
  /** Delay before the second attempt. */
  retryDelaySeconds: number;
  /** Upper bound of any delay. */
  maxRetryDelaySeconds: number;
}

/**
 * Exponential back-off after the given number of failed attempts (1 = the first one failed),
 * with +/-20 % jitter so consumers that failed together do not retry in lockstep.
 */
export function retryDelayMs(failedAttempts: number, backoff: RetryBackoff, random: () => number = Math.random): number {
  const exponent = Math.max(0, failedAttempts - 1);
  const seconds = Math.min(backoff.retryDelaySeconds * 2 ** exponent, backoff.maxRetryDelaySeconds);
  return Math.round(seconds * 1000 * (0.8 + 0.4 * random()));
}
