import { context, propagation, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { AlwaysOffSampler, AlwaysOnSampler, BasicTracerProvider, BatchSpanProcessor, ParentBasedSampler } from '@opentelemetry/sdk-trace-base';

export type TraceExporterKind = 'none' | 'otlp';

export interface TracingOptions {
  serviceName: string;
  /** `otlp` sends spans to OTEL_EXPORTER_OTLP_(TRACES_)ENDPOINT; `none` keeps them in the process. */
  exporter: TraceExporterKind;
}

let installed: { provider: BasicTracerProvider; options: TracingOptions } | undefined;

/**
 * Makes the OpenTelemetry API live in this process: W3C `traceparent` in and out, the active span
 * carried across awaits, and real trace ids even when nothing is exported, because the ids are
 * what log lines and outbox events carry. Without an exporter, traces this process starts are not
 * sampled (nothing is recorded), while a caller's "sampled" flag is kept and passed on.
 *
 * Once per process: the API's globals cannot be replaced, and the single machine runs every
 * service in one process; a second call returns the first installation's shutdown.
 */
export function installTracing(options: TracingOptions): () => Promise<void> {
  if (!installed) {
    const exporting = options.exporter === 'otlp';
    const provider = new BasicTracerProvider({
      resource: resourceFromAttributes({ 'service.name': options.serviceName }),
      sampler: new ParentBasedSampler({ root: exporting ? new AlwaysOnSampler() : new AlwaysOffSampler() }),
      spanProcessors: exporting ? [new BatchSpanProcessor(new OTLPTraceExporter())] : [],
    });
    context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
    propagation.setGlobalPropagator(new W3CTraceContextPropagator());
    trace.setGlobalTracerProvider(provider);
    installed = { provider, options };
  }
  const { provider } = installed;
  return () => provider.forceFlush();
}

/** Whether ended spans leave the process (an exporter is configured); otherwise ending one does nothing. */
export function tracesExported(): boolean {
  return installed?.options.exporter === 'otlp';
}
