/**
 * Something the process cannot serve anything without: its own database, the event bus, … A
 * failing check takes the pod out of its Service (ADR 0023).
 */
export interface ReadinessCheck {
  name: string;
  check(): Promise<void>;
}

/**
 * A shared peer service this process calls for some requests only (identity's session checks).
 * Reported on /health/ready, never failing it: the calls that need it fail on their own (ADR 0023).
 */
export interface PeerDependency {
  name: string;
  /** The state last seen by real calls and probes; reading it does no I/O. */
  status(): PeerStatus;
}

export interface PeerStatus {
  /** Null until the first call or probe has answered. */
  reachable: boolean | null;
  /** When the current state (reachable or not) began, ISO 8601. */
  since: string | null;
  /** The latest failure, kept after recovery so a blip stays visible. */
  lastError: string | null;
  lastErrorAt: string | null;
  /** When a call or probe last answered or failed. */
  checkedAt: string | null;
}

export interface ReadinessResult {
  ready: boolean;
  checks: Record<string, 'up' | string>;
  dependencies: Record<string, PeerStatus>;
}

/** Collects readiness checks and peer dependencies from every module; /health/ready reports them all. */
export class ReadinessRegistry {
  private readonly checks = new Map<string, ReadinessCheck>();
  private readonly peers = new Map<string, PeerDependency>();

  register(check: ReadinessCheck): void {
    this.checks.set(check.name, check);
  }

  registerPeer(peer: PeerDependency): void {
    this.peers.set(peer.name, peer);
  }

  async run(timeoutMs = 2000): Promise<ReadinessResult> {
    const entries = await Promise.all(
      [...this.checks.values()].map(async (item) => {
        try {
          await withTimeout(item.check(), timeoutMs);
          return [item.name, 'up'] as const;
        } catch (error) {
          return [item.name, error instanceof Error ? error.message : String(error)] as const;
        }
      }),
    );
    const checks = Object.fromEntries(entries);
    const dependencies = Object.fromEntries([...this.peers.values()].map((peer) => [peer.name, peer.status()]));
    return { ready: entries.every(([, state]) => state === 'up'), checks, dependencies };
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
