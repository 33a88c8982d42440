// The part of autocannon 9's programmatic API that the local benchmarks use.
declare module 'autocannon' {
  namespace autocannon {
    interface Options {
      url: string;
      method?: string;
      headers?: Record<string, string>;
      body?: string;
      /** Requests each connection sends in turn, cycling (path relative to url). */
      requests?: { method?: string; path: string; headers?: Record<string, string>; body?: string }[];
      connections?: number;
      pipelining?: number;
      /** seconds */
      duration?: number;
      /** seconds per request */
      timeout?: number;
      renderProgressBar?: boolean;
      renderResultsTable?: boolean;
      renderLatencyTable?: boolean;
    }

    interface Histogram {
      average: number;
      mean: number;
      stddev: number;
      min: number;
      max: number;
      total: number;
      p50: number;
      p90: number;
      p97_5: number;
      p99: number;
    }

    interface Result {
      latency: Histogram;
      requests: Histogram;
      throughput: Histogram;
      non2xx: number;
      errors: number;
      timeouts: number;
      /** seconds */
      duration: number;
    }

    interface Instance extends PromiseLike<Result> {
      stop(): void;
      /** One answer: its status, size and time in milliseconds. */
      on(event: 'response', listener: (client: unknown, statusCode: number, resBytes: number, responseTimeMs: number) => void): this;
      on(event: string, listener: (...args: unknown[]) => void): this;
    }
  }

  function autocannon(options: autocannon.Options): autocannon.Instance;
  export = autocannon;
}
