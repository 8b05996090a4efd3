import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { noQuery } from '../core/http.js';
import type { Platforms } from '../platform/platforms.js';

const platformState = z.object({ kind: z.string(), ok: z.boolean(), error: z.string().optional() });
const readiness = z.object({
  status: z.enum(['ready', 'unavailable']),
  platforms: z.object({
    database: platformState,
    bus: platformState,
    mail: platformState,
    storage: platformState,
  }),
});

async function probe(kind: string, check: () => Promise<void>) {
  try {
    await check();
    return { kind, ok: true };
  } catch (error) {
    return { kind, ok: false, error: error instanceof Error ? error.message : 'unreachable' };
  }
}

/** /healthz: the process is alive. /readyz: each platform answers, so traffic may be sent. */
export function registerHealth(app: FastifyInstance, platforms: Platforms) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get(
    '/healthz',
    {
      schema: {
        tags: ['health'],
        querystring: noQuery,
        response: { 200: z.object({ status: z.literal('ok') }) },
      },
    },
    () => ({ status: 'ok' as const }),
  );
  typed.get(
    '/readyz',
    {
      schema: {
        tags: ['health'],
        querystring: noQuery,
        response: { 200: readiness, 503: readiness },
      },
    },
    async (_request, reply) => {
      const [database, bus, storage] = await Promise.all([
        probe(platforms.database.kind, () => platforms.database.ping()),
        probe(platforms.bus.kind, () => platforms.bus.ping()),
        probe(platforms.storage.kind, () => platforms.storage.ping()),
      ]);
      const mail = { kind: platforms.mailer.kind, ok: true };
      const ok = database.ok && bus.ok && storage.ok;
      return reply
        .status(ok ? 200 : 503)
        .header('cache-control', 'no-store')
        .send({
          status: ok ? 'ready' : 'unavailable',
          platforms: { database, bus, mail, storage },
        });
    },
  );
}
