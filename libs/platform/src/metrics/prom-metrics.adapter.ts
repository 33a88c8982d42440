import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics, type Metric } from 'prom-client';
import {
  Metrics,
  type CounterMetric,
  type GaugeMetric,
  type GaugeOptions,
  type HistogramMetric,
  type HistogramOptions,
  type MetricLabels,
} from './metrics.port.js';

type Labels = Record<string, string | number>;
const clean = (labels: MetricLabels | undefined): Labels =>
  Object.fromEntries(Object.entries(labels ?? {}).filter((entry): entry is [string, string | number] => entry[1] !== undefined));

/** Seconds: 5 ms to 10 s, the range of an HTTP request. */
export const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * The metrics adapter over prom-client: one registry per process (never prom-client's global one,
 * so tests can hold several), with Node's default process metrics, rendered in the Prometheus
 * text format by GET /metrics.
 */
export class PromMetrics extends Metrics {
  readonly registry = new Registry();

  constructor(options: { defaultMetrics?: boolean } = {}) {
    super();
    if (options.defaultMetrics !== false) collectDefaultMetrics({ register: this.registry });
  }

  counter<L extends string>(name: string, help: string, labelNames: readonly L[] = []): CounterMetric<L> {
    const counter = this.existing(name, Counter) ?? new Counter({ name, help, labelNames: [...labelNames], registers: [this.registry] });
    return { inc: (labels, value = 1) => counter.inc(clean(labels), value) };
  }

  gauge<L extends string>(name: string, help: string, labelNames: readonly L[] = [], options: GaugeOptions<L> = {}): GaugeMetric<L> {
    const existing = this.existing(name, Gauge);
    if (existing) return this.gaugePort(existing);
    const gauge: Gauge = new Gauge({
      name,
      help,
      labelNames: [...labelNames],
      registers: [this.registry],
      ...(options.collect ? { collect: () => options.collect!(this.gaugePort(gauge)) } : {}),
    });
    return this.gaugePort(gauge);
  }

  private gaugePort<L extends string>(gauge: Gauge): GaugeMetric<L> {
    return { set: (labels, value) => gauge.set(clean(labels), value), reset: () => gauge.reset() };
  }

  histogram<L extends string>(name: string, help: string, labelNames: readonly L[] = [], options: HistogramOptions = {}): HistogramMetric<L> {
    const histogram =
      this.existing(name, Histogram) ??
      new Histogram({ name, help, labelNames: [...labelNames], buckets: options.buckets ?? HTTP_BUCKETS, registers: [this.registry] });
    return {
      observe: (labels, seconds) => histogram.observe(clean(labels), seconds),
      startTimer: (labels) => {
        const end = histogram.startTimer(clean(labels));
        return (extra) => void end(clean(extra));
      },
    };
  }

  /** The whole registry in the Prometheus text exposition format. */
  render(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  private existing<T extends Metric>(name: string, kind: abstract new (...args: never[]) => T): T | undefined {
    const found = this.registry.getSingleMetric(name);
    if (!found) return undefined;
    if (!(found instanceof kind)) throw new Error(`metric ${name} already exists as another kind`);
    return found;
  }
}
