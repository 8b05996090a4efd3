import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { CacheCounts } from '../core/cache-counts.js';
import { queueState } from '../core/jobs-repo.js';
import { noQuery } from '../core/http.js';
import type { Database } from '../platform/db/database.js';

/**
 * /metrics in Prometheus' text format (prom-client), for an operator's scraper: requests by
 * route and status with their latency, the job queue, open live sockets, PostgreSQL's pool,
 * the database's query time, the caches' hits and misses,
 * and the process itself (memory, CPU, event-loop delay, garbage collection). It is not there
 * at all unless METRICS_TOKEN is set, and then only for a request bearing that token: anyone
 * else gets the usual 404.
 */
export function registerMetrics(
  app: FastifyInstance,
  options: {
    token: string;
    database: Database;
    /** Live sockets open on this process now. */
    openSockets: () => number;
    /** Lookups in the caches, hit or missed. */
    caches?: CacheCounts;
    /** The backups' record (`backup_runs`). */
    backups?: {
      state(): Promise<{
        lastSuccess?: { finishedAt: Date | null };
        lastFailure?: { finishedAt: Date | null };
      }>;
    };
  },
) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'viewpoint_' });

  const requests = new Histogram({
    name: 'viewpoint_http_request_duration_seconds',
    help: 'Time to answer a request, by method, route (its pattern) and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    requests.observe(
      {
        method: request.method,
        // The pattern, never the address itself: one series per route, not per thread.
        route: request.routeOptions.url ?? 'unmatched',
        status: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
  });

  // Each gauge reads the queue as it is scraped (the gauges are read at once, not in turn).
  new Gauge({
    name: 'viewpoint_jobs',
    help: 'Background jobs waiting, due now or later, or dead (failed too often, kept to look at)',
    labelNames: ['state'] as const,
    registers: [registry],
    async collect() {
      const queue = await queueState(options.database.db);
      this.set({ state: 'due' }, queue.due);
      this.set({ state: 'later' }, queue.later);
      this.set({ state: 'dead' }, queue.dead);
    },
  });
  new Gauge({
    name: 'viewpoint_jobs_oldest_due_seconds',
    help: 'How long the oldest due job has waited (0: none is due)',
    registers: [registry],
    async collect() {
      this.set((await queueState(options.database.db)).oldestDueSeconds);
    },
  });

  new Gauge({
    name: 'viewpoint_live_sockets',
    help: 'Live channel sockets open on this process',
    registers: [registry],
    collect() {
      this.set(options.openSockets());
    },
  });

  const queries = new Histogram({
    name: 'viewpoint_database_query_duration_seconds',
    help: 'Time the database took to answer a query (PGlite: from its turn; PostgreSQL: on its connection)',
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1, 5],
    registers: [registry],
  });
  options.database.onQuery((seconds) => queries.observe(seconds));

  const { caches } = options;
  if (caches) {
    new Counter({
      name: 'viewpoint_cache_lookups_total',
      help: "Lookups in a cache (pages: visitors' pages; forum answers; sessions), by outcome: hit or miss",
      labelNames: ['cache', 'outcome'] as const,
      registers: [registry],
      collect() {
        this.reset();
        for (const { cache, hits, misses } of caches.read()) {
          this.inc({ cache, outcome: 'hit' }, hits);
          this.inc({ cache, outcome: 'miss' }, misses);
        }
      },
    });
    new Gauge({
      name: 'viewpoint_cache_hit_ratio',
      help: "Share of a cache's lookups since the process started that found what they looked for",
      labelNames: ['cache'] as const,
      registers: [registry],
      collect() {
        this.reset();
        for (const { cache, hits, misses } of caches.read()) {
          if (hits + misses > 0) this.set({ cache }, hits / (hits + misses));
        }
      },
    });
  }

  new Gauge({
    name: 'viewpoint_database_pool_connections',
    help: 'PostgreSQL pool connections by state (absent on the embedded database)',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const pool = options.database.poolState();
      if (!pool) return;
      this.set({ state: 'total' }, pool.total);
      this.set({ state: 'idle' }, pool.idle);
      this.set({ state: 'waiting' }, pool.waiting);
    },
  });

  const { backups } = options;
  if (backups) {
    new Gauge({
      name: 'viewpoint_backup_last_time_seconds',
      help: 'When the last backup ended (Unix time), by outcome: success or failure (absent: none yet)',
      labelNames: ['outcome'] as const,
      registers: [registry],
      async collect() {
        const { lastSuccess, lastFailure } = await backups.state();
        const seconds = (run?: { finishedAt: Date | null }) =>
          run?.finishedAt ? run.finishedAt.getTime() / 1000 : undefined;
        const success = seconds(lastSuccess);
        const failure = seconds(lastFailure);
        if (success !== undefined) this.set({ outcome: 'success' }, success);
        if (failure !== undefined) this.set({ outcome: 'failure' }, failure);
      },
    });
  }

  const scrapes = new Counter({
    name: 'viewpoint_metrics_refused_total',
    help: 'Requests for /metrics without the right token',
    registers: [registry],
  });

  const expected = Buffer.from(`Bearer ${options.token}`);
  const authorised = (request: FastifyRequest) => {
    const given = Buffer.from(request.headers.authorization ?? '');
    return given.length === expected.length && timingSafeEqual(given, expected);
  };

  app.get(
    '/metrics',
    {
      logLevel: 'warn',
      schema: {
        tags: ['health'],
        summary: 'Prometheus metrics (only with METRICS_TOKEN, as a bearer token; otherwise 404)',
        querystring: noQuery,
      },
    },
    async (request, reply) => {
      if (!authorised(request)) {
        scrapes.inc();
        return reply.callNotFound();
      }
      return reply
        .header('content-type', registry.contentType)
        .header('cache-control', 'no-store')
        .send(await registry.metrics());
    },
  );
}
