import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { RenderJobMetrics } from '../render/render-worker.js';

/** Every metric's name starts so: a scrape of several services tells ours apart. */
export const METRICS_PREFIX = 'autostudio_';

/** Seconds: from a quick answer to a long render (a matrix of a hundred stills takes minutes). */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const RENDER_BUCKETS = [0.1, 0.5, 1, 2, 5, 10, 30, 60, 120, 300, 600, 1800];

/**
 * The metrics of one process (a server copy or a render worker), in a registry of its own: a test runs several apps in
 * one process, and each counts only what it did. Figures read from the database (jobs by state, sessions, the waiting
 * line) are gauges collected at each scrape: every copy reports the same, so a dashboard takes any one (`max`).
 */
export class Metrics {
  readonly registry = new Registry();

  readonly httpRequests = new Counter({
    name: `${METRICS_PREFIX}http_requests_total`,
    help: 'HTTP requests answered, by method, route (its pattern) and status code.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [this.registry],
  });

  readonly httpDuration = new Histogram({
    name: `${METRICS_PREFIX}http_request_duration_seconds`,
    help: 'Time to answer an HTTP request, by method and route.',
    labelNames: ['method', 'route'] as const,
    buckets: HTTP_BUCKETS,
    registers: [this.registry],
  });

  readonly renderQueueWait = new Histogram({
    name: `${METRICS_PREFIX}render_queue_wait_seconds`,
    help: 'Time a render job waited in the queue before a worker took it, by kind.',
    labelNames: ['kind'] as const,
    buckets: RENDER_BUCKETS,
    registers: [this.registry],
  });

  readonly renderDuration = new Histogram({
    name: `${METRICS_PREFIX}render_duration_seconds`,
    help: 'Time a worker spent on a render job, from taking it to its end, by kind and outcome.',
    labelNames: ['kind', 'outcome'] as const,
    buckets: RENDER_BUCKETS,
    registers: [this.registry],
  });

  readonly renderJobsFinished = new Counter({
    name: `${METRICS_PREFIX}render_jobs_finished_total`,
    help: "Render jobs this process's workers ended, by kind and outcome (completed, failed, cancelled, lost, released).",
    labelNames: ['kind', 'outcome'] as const,
    registers: [this.registry],
  });

  readonly allocations = new Counter({
    name: `${METRICS_PREFIX}engine_allocations_total`,
    help: 'Engine allocation requests, by outcome: allocated (a new session), resumed (the session the user had), refused (no engine free).',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });

  readonly enginesLost = new Counter({
    name: `${METRICS_PREFIX}engines_lost_total`,
    help: 'Streaming engines this copy lost: a local process that died, a registered engine that fell silent or left.',
    registers: [this.registry],
  });

  readonly relayCalls = new Counter({
    name: `${METRICS_PREFIX}relay_calls_total`,
    help: "Remote Control calls relayed to users' engines, by the status the engine answered (0: no answer).",
    labelNames: ['status'] as const,
    registers: [this.registry],
  });

  readonly relayDuration = new Histogram({
    name: `${METRICS_PREFIX}relay_call_duration_seconds`,
    help: "Time from a relayed call's arrival to the engine's answer.",
    buckets: HTTP_BUCKETS,
    registers: [this.registry],
  });

  /**
   * `processMetrics`: also Node's own (CPU, memory, event loop lag, handles), only when someone may read them: they
   * keep an event-loop monitor running for the life of the process.
   */
  constructor(options: { process: 'server' | 'worker'; processMetrics: boolean }) {
    this.registry.setDefaultLabels({ process: options.process });
    if (options.processMetrics) collectDefaultMetrics({ register: this.registry, prefix: METRICS_PREFIX });
  }

  /**
   * A gauge whose values are read at each scrape: `read` answers label sets and values; a failed read leaves the
   * gauge empty for that scrape (the scrape itself does not fail, and the log says why).
   */
  gauge<Label extends string>(options: {
    name: string;
    help: string;
    labelNames: readonly Label[];
    read: () => Promise<{ labels: Partial<Record<Label, string>>; value: number }[]>;
    onError: (error: unknown) => void;
  }): void {
    const { read, onError } = options;
    new Gauge<Label>({
      name: `${METRICS_PREFIX}${options.name}`,
      help: options.help,
      labelNames: options.labelNames,
      registers: [this.registry],
      async collect() {
        this.reset();
        try {
          for (const { labels, value } of await read()) this.set(labels, value);
        } catch (error) {
          onError(error);
        }
      },
    });
  }

  /** The render workers of this process report here (see RenderJobMetrics). */
  readonly renderJobs: RenderJobMetrics = {
    jobTaken: (kind, waitedSeconds) => this.renderQueueWait.observe({ kind }, Math.max(0, waitedSeconds)),
    jobEnded: (kind, outcome, seconds) => {
      this.renderDuration.observe({ kind, outcome }, seconds);
      this.renderJobsFinished.inc({ kind, outcome });
    },
  };

  private readonly scrapeStarts: (() => void)[] = [];

  /** Told as each scrape starts: gauges that share one read per scrape forget the last one. */
  onScrape(listener: () => void): void {
    this.scrapeStarts.push(listener);
  }

  /** The text a Prometheus scrape reads. */
  async text(): Promise<{ contentType: string; body: string }> {
    for (const listener of this.scrapeStarts) listener();
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }
}
