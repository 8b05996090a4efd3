import type { FastifyInstance, FastifyRequest } from 'fastify';
import { can, type Permission } from '../../shared/permissions.js';
import { describeRoute, isDocumentation, isWriteMethod } from './access.js';
import { tooFast, type Budget, type Counter, type Limiter } from './limits.js';

/**
 * A route's rate limit, declared in `config.limit` next to its access. Every write route must
 * declare one (the app refuses to start otherwise); a read may.
 */
export interface RouteLimit {
  /** Names the budget; routes with the same name share it (editing a thread or a reply). */
  name: string;
  /** What the member is doing, for the refusal: "You are replying too fast". */
  doing: string;
  /** Per signed-in account. */
  account?: Budget;
  /** Replaces `account` for accounts younger than a day, which spam comes from. */
  newAccount?: Budget;
  /** Per client address, signed in or not (Fastify's request.ip: TRUST_PROXY decides). */
  ip: Budget;
  /** Members holding this permission are trusted and not counted per account. */
  exempt?: Permission;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    limit?: RouteLimit;
  }
  interface FastifyRequest {
    /** The counters this request was charged to, given back if it is refused. */
    chargedLimits: { counter: Counter; key: string }[] | null;
  }
}

export const newAccountAgeMs = 24 * 60 * 60 * 1000;

const perWindow = ({ points, seconds }: Budget) => {
  const window =
    seconds % 3600 === 0
      ? `${seconds / 3600 === 1 ? '' : `${seconds / 3600} `}hour${seconds === 3600 ? '' : 's'}`
      : seconds % 60 === 0
        ? `${seconds / 60 === 1 ? '' : `${seconds / 60} `}minute${seconds === 60 ? '' : 's'}`
        : `${seconds} seconds`;
  return `${points} per ${window}`;
};

/** The limit in words, for the OpenAPI document. */
export function describeLimit(limit: RouteLimit): string {
  const parts: string[] = [];
  if (limit.account) {
    const young = limit.newAccount
      ? ` (${perWindow(limit.newAccount)} for accounts younger than a day)`
      : '';
    parts.push(`${perWindow(limit.account)} per account${young}`);
  }
  parts.push(`${perWindow(limit.ip)} per client address`);
  const exempt = limit.exempt ? `; members with ${limit.exempt} are not counted per account` : '';
  return `Limit (${limit.name}): ${parts.join(', ')}${exempt}.`;
}

/**
 * Charges every request of a limited route to its budgets, after access and validation (bad
 * input costs nothing) and before the handler. A request refused for another reason (any 4xx
 * but 429) gives its points back, so a refused write does not cost the member their turn.
 */
export function registerRouteLimits(app: FastifyInstance, options: { limiter: Limiter }) {
  const counters = (limit: RouteLimit) => {
    const refuse = (ms: number) => tooFast(ms, limit.doing);
    return {
      ip: options.limiter.counter(`${limit.name}:ip`, limit.ip, refuse),
      account:
        limit.account && options.limiter.counter(`${limit.name}:account`, limit.account, refuse),
      newAccount:
        limit.newAccount &&
        options.limiter.counter(`${limit.name}:new-account`, limit.newAccount, refuse),
    };
  };

  app.decorateRequest('chargedLimits', null);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || isDocumentation(route.url)) return;
    const methods = [route.method].flat().map(String);
    const limit = route.config?.limit;
    if (!limit) {
      if (methods.some(isWriteMethod)) {
        throw new Error(`${methods.join(',')} ${route.url} does not declare config.limit`);
      }
      return;
    }
    counters(limit);
    describeRoute(route, describeLimit(limit));
  });

  const accountCounter = (request: FastifyRequest, limit: RouteLimit) => {
    const viewer = request.viewer;
    if (!viewer || (limit.exempt && can(viewer.role, limit.exempt))) return undefined;
    const set = counters(limit);
    const young = Date.now() - viewer.createdAt.getTime() < newAccountAgeMs;
    return (young && set.newAccount) || set.account;
  };

  app.addHook('preHandler', async (request) => {
    const limit = request.routeOptions.config.limit;
    if (!limit) return;
    const charged: { counter: Counter; key: string }[] = [];
    request.chargedLimits = charged;
    const account = accountCounter(request, limit);
    const viewerId = request.viewer?.id;
    if (account && viewerId) {
      await account.consume(viewerId);
      charged.push({ counter: account, key: viewerId });
    }
    const ip = counters(limit).ip;
    try {
      await ip.consume(request.ip);
      charged.push({ counter: ip, key: request.ip });
    } catch (error) {
      await Promise.all(charged.map(({ counter, key }) => counter.reward(key)));
      charged.length = 0;
      throw error;
    }
  });

  app.addHook('onSend', async (request, reply) => {
    const charged = request.chargedLimits;
    if (!charged || charged.length === 0) return;
    const refused = reply.statusCode >= 400 && reply.statusCode < 500 && reply.statusCode !== 429;
    if (refused) await Promise.all(charged.map(({ counter, key }) => counter.reward(key)));
    request.chargedLimits = null;
  });
}
