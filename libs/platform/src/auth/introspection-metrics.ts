import type { Metrics } from '../metrics/metrics.port.js';
import type { IntrospectionObserver } from './remote-session.validators.js';

/** Counts and times the session checks this process asks identity for (cache hits are not calls). */
export function introspectionMetrics(metrics: Metrics): IntrospectionObserver {
  const calls = metrics.counter(
    'identity_introspection_calls_total',
    'Session introspection calls to identity, by outcome (ok: live session, denied: ended or refused, error: identity unreachable, too slow or failing)',
    ['outcome'],
  );
  const duration = metrics.histogram('identity_introspection_duration_seconds', 'Duration of session introspection calls to identity, by outcome', ['outcome']);
  return {
    called: (outcome, seconds) => {
      calls.inc({ outcome });
      duration.observe({ outcome }, seconds);
    },
  };
}
