/**
 * The metrics port: business and platform code count, time and gauge through it and never see the
 * library that exposes the numbers (the prom-client adapter, PromMetrics). Asking twice for the same
 * name returns the same instrument, so two services in one process can share a series.
 *
 * Label values must be bounded: a status, an action, a consumer group, a route pattern; never a
 * raw URL, an id or a user's input.
 */
export type MetricLabels<L extends string = string> = Partial<Record<L, string | number>>;

export interface CounterMetric<L extends string = string> {
  inc(labels?: MetricLabels<L>, value?: number): void;
}

export interface GaugeMetric<L extends string = string> {
  set(labels: MetricLabels<L>, value: number): void;
  reset(): void;
}

export interface HistogramMetric<L extends string = string> {
  observe(labels: MetricLabels<L>, seconds: number): void;
  /** Starts a timer; calling the result records the elapsed seconds. */
  startTimer(labels?: MetricLabels<L>): (extra?: MetricLabels<L>) => void;
}

export interface GaugeOptions<L extends string> {
  /** Runs on every scrape before the gauge is read: set the current values here (cheap queries only). */
  collect?: (gauge: GaugeMetric<L>) => void | Promise<void>;
}

export interface HistogramOptions {
  /** Upper bounds in seconds; defaults suit HTTP requests (5 ms to 10 s). */
  buckets?: number[];
}

/** Injection token and port (abstract class, so Nest can inject it by type). */
export abstract class Metrics {
  abstract counter<L extends string>(name: string, help: string, labelNames?: readonly L[]): CounterMetric<L>;
  abstract gauge<L extends string>(name: string, help: string, labelNames?: readonly L[], options?: GaugeOptions<L>): GaugeMetric<L>;
  abstract histogram<L extends string>(name: string, help: string, labelNames?: readonly L[], options?: HistogramOptions): HistogramMetric<L>;
}

/** For code that may run without the metrics module (unit tests): every instrument does nothing. */
export class NoMetrics extends Metrics {
  counter<L extends string>(): CounterMetric<L> {
    return { inc: () => undefined };
  }
  gauge<L extends string>(): GaugeMetric<L> {
    return { set: () => undefined, reset: () => undefined };
  }
  histogram<L extends string>(): HistogramMetric<L> {
    return { observe: () => undefined, startTimer: () => () => undefined };
  }
}
