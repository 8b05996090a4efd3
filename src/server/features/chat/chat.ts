import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { Limiter } from '../../core/limiter.js';
import type { Live } from '../../core/live.js';
import type { Db } from '../../platform/db/database.js';
import { registerChatLive } from './live-handlers.js';
import { registerChatRoutes } from './routes.js';
import { createChatService } from './service.js';

/** Chat: rooms and messages over HTTP, live events over the live channel. */
export function registerChat(
  app: FastifyInstance,
  deps: { db: Db; limiter: Limiter; live: Live; logger: Logger },
) {
  const chat = createChatService(deps);
  registerChatRoutes(app, chat);
  registerChatLive({ live: deps.live, db: deps.db, chat, logger: deps.logger });
}
