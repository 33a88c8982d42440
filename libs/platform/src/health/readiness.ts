/** Something the process needs before it may take traffic: a database, the event bus, … */
export interface ReadinessCheck {
  name: string;
  check(): Promise<void>;
}

/** Collects readiness checks from every module; /health/ready runs them all. */
export class ReadinessRegistry {
  private readonly checks = new Map<string, ReadinessCheck>();

  register(check: ReadinessCheck): void {
    this.checks.set(check.name, check);
  }

  async run(timeoutMs = 2000): Promise<{ ready: boolean; checks: Record<string, 'up' | string> }> {
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
    return { ready: entries.every(([, state]) => state === 'up'), checks };
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
