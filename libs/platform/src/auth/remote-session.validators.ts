import { createHmac } from 'node:crypto';
import { Global, Inject, Injectable, Module, type DynamicModule } from '@nestjs/common';
import {
  ErrorCode,
  INTROSPECTION_SIGNATURE_HEADER,
  SESSION_INTROSPECTION_PATH,
  introspectionSubject,
  type SessionIntrospectionRequest,
} from '@mkt/contracts';
import { AppError } from '../errors/app-error.js';
import { describeFetchError, PeerReachability } from '../health/peer-reachability.js';
import { ReadinessRegistry } from '../health/readiness.js';
import { Metrics } from '../metrics/metrics.port.js';
import { withTraceHeaders } from '../tracing/trace-context.js';
import {
  STAFF_SESSION_VALIDATOR,
  USER_SESSION_VALIDATOR,
  type AuthenticatedStaff,
  type AuthenticatedUser,
  type StaffSessionValidator,
  type UserSessionValidator,
} from './auth.guards.js';
import { ACCOUNT_DIRECTORY, RemoteAccountDirectory } from './account-directory.js';
import { introspectionMetrics } from './introspection-metrics.js';
import type { StaffTokenClaims, UserTokenClaims } from './token.service.js';

/** How long an answer is reused: a logoff elsewhere shows here within this many seconds. */
export const INTROSPECTION_CACHE_MS = 10_000;

export function introspectionSignature(secret: string, request: SessionIntrospectionRequest): string {
  return createHmac('sha256', secret).update(introspectionSubject(request)).digest('hex');
}

type Answer = { ok: true; value: AuthenticatedUser | AuthenticatedStaff } | { ok: false; code: number };

/** How a call to identity ended: a live session, a refusal (ended, unknown, disabled), or no usable answer. */
export type IntrospectionOutcome = 'ok' | 'denied' | 'error';

/** Watches the calls to identity (metrics, identity's reported state); never changes their result. */
export interface IntrospectionObserver {
  /** `error` describes why, for an `error` outcome. */
  called(outcome: IntrospectionOutcome, seconds: number, error?: string): void;
}

/**
 * Asks identity (IDENTITY_URL) whether a session is live, keeping each answer for a few seconds
 * so a busy service does not ask on every request. Fails closed: when identity cannot be reached
 * the caller gets a 503, never a request served on a possibly ended session.
 */
export class SessionIntrospectionClient {
  private readonly answers = new Map<string, { expires: number; answer: Promise<Answer> }>();
  private readonly observers: IntrospectionObserver[] = [];

  constructor(
    private readonly identityUrl: string,
    private readonly secret: string,
    private readonly fetchImpl: typeof fetch = fetch,
    private readonly ttlMs = INTROSPECTION_CACHE_MS,
    private readonly now: () => number = Date.now,
  ) {}

  async introspect(request: SessionIntrospectionRequest): Promise<AuthenticatedUser | AuthenticatedStaff> {
    const key = `${request.kind}:${request.sessionId}:${request.subjectId}`;
    let entry = this.answers.get(key);
    if (!entry || entry.expires <= this.now()) {
      entry = { expires: this.now() + this.ttlMs, answer: this.ask(request) };
      this.answers.set(key, entry);
      if (this.answers.size > 50_000) this.answers.delete(this.answers.keys().next().value as string);
      // Outages are not remembered: the next request asks again.
      entry.answer.catch(() => this.answers.delete(key));
    }
    const answer = await entry.answer;
    if (answer.ok) return answer.value;
    throw answer.code === ErrorCode.ACCOUNT_DISABLED ? AppError.accountDisabled() : AppError.tokenInvalid();
  }

  /** Tells `observer` how each call to identity ends (cache hits are not calls). Several may watch. */
  observe(observer: IntrospectionObserver): void {
    this.observers.push(observer);
  }

  private async ask(request: SessionIntrospectionRequest): Promise<Answer> {
    const startedAt = performance.now();
    const report = (outcome: IntrospectionOutcome, error?: string) => {
      const seconds = (performance.now() - startedAt) / 1000;
      for (const observer of this.observers) observer.called(outcome, seconds, error);
    };
    let answer: Answer;
    try {
      answer = await this.call(request);
    } catch (error) {
      report('error', describeFetchError(error));
      throw new AppError(ErrorCode.NOT_READY, 'serviceUnavailable');
    }
    report(answer.ok ? 'ok' : 'denied');
    return answer;
  }

  /** Rejects when identity cannot answer: unreachable, too slow, or an answer that is neither a session nor a refusal. */
  private async call(request: SessionIntrospectionRequest): Promise<Answer> {
    const response = await this.fetchImpl(`${this.identityUrl.replace(/\/$/, '')}${SESSION_INTROSPECTION_PATH}`, {
      method: 'POST',
      // The asking request's trace continues into identity's log lines (a shared answer: the first asker's).
      headers: withTraceHeaders({ 'content-type': 'application/json', [INTROSPECTION_SIGNATURE_HEADER]: introspectionSignature(this.secret, request) }),
      body: JSON.stringify(request),
      signal: AbortSignal.timeout(3_000),
    });
    const json = (await response.json().catch(() => null)) as { code?: number } | null;
    if (response.ok && json) return { ok: true, value: json as AuthenticatedUser | AuthenticatedStaff };
    if (response.status === 401 || response.status === 403) return { ok: false, code: json?.code ?? ErrorCode.TOKEN_INVALID };
    throw new Error(`identity answered HTTP ${response.status}${response.ok ? ' without a JSON body' : ''}`);
  }
}

@Injectable()
export class RemoteUserSessionValidator implements UserSessionValidator {
  constructor(@Inject(SessionIntrospectionClient) private readonly client: SessionIntrospectionClient) {}

  async validate(claims: UserTokenClaims): Promise<AuthenticatedUser> {
    return (await this.client.introspect({ kind: 'user', sessionId: claims.sessionId, subjectId: claims.userId })) as AuthenticatedUser;
  }
}

@Injectable()
export class RemoteStaffSessionValidator implements StaffSessionValidator {
  constructor(@Inject(SessionIntrospectionClient) private readonly client: SessionIntrospectionClient) {}

  async validate(claims: StaffTokenClaims): Promise<AuthenticatedStaff> {
    return (await this.client.introspect({ kind: 'staff', sessionId: claims.sessionId, subjectId: claims.staffId })) as AuthenticatedStaff;
  }
}

/** Identity's state as this process sees it, fed by the introspection calls (reported on /health/ready). */
export const IDENTITY_REACHABILITY = Symbol('IdentityReachability');

/**
 * For a service deployed without identity (IDENTITY_URL set): the session validators every guard
 * uses ask identity (and so does the account directory), so logoffs, disabled accounts and role changes apply in every service. The
 * calls are counted (`identity_introspection_*`) and identity's state is reported on
 * /health/ready without failing it: when identity is down only signed-in calls fail (ADR 0023).
 */
@Global()
@Module({})
export class RemoteSessionsModule {
  /** `fetchImpl` for tests only. */
  static forRoot(identityUrl: string, tokenSecret: string, fetchImpl: typeof fetch = fetch): DynamicModule {
    return {
      module: RemoteSessionsModule,
      providers: [
        {
          provide: IDENTITY_REACHABILITY,
          inject: [{ token: ReadinessRegistry, optional: true }],
          useFactory: (readiness?: ReadinessRegistry) => {
            const reachability = new PeerReachability('identity', { probeUrl: `${identityUrl.replace(/\/$/, '')}/health/live`, fetchImpl });
            readiness?.registerPeer(reachability);
            return reachability;
          },
        },
        {
          provide: SessionIntrospectionClient,
          inject: [IDENTITY_REACHABILITY, { token: Metrics, optional: true }],
          useFactory: (reachability: PeerReachability, metrics?: Metrics) => {
            const client = new SessionIntrospectionClient(identityUrl, tokenSecret, fetchImpl);
            client.observe({ called: (outcome, _seconds, error) => (outcome === 'error' ? reachability.noteFailure(error ?? 'error') : reachability.noteAnswer()) });
            if (metrics) client.observe(introspectionMetrics(metrics));
            return client;
          },
        },
        { provide: USER_SESSION_VALIDATOR, useClass: RemoteUserSessionValidator },
        { provide: STAFF_SESSION_VALIDATOR, useClass: RemoteStaffSessionValidator },
        { provide: ACCOUNT_DIRECTORY, useFactory: () => new RemoteAccountDirectory(identityUrl, tokenSecret, fetchImpl) },
      ],
      exports: [USER_SESSION_VALIDATOR, STAFF_SESSION_VALIDATOR, ACCOUNT_DIRECTORY],
    };
  }
}
