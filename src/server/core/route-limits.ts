import type { FastifyInstance, FastifyRequest } from 'fastify';
import { can, type Permission } from '../../shared/permissions.js';
import { describeRoute, isDocumentation } from './access.js';
import { isWriteMethod } from './stale.js';
import { tooFast, type Budget, type Counter, type Limiter } from './limiter.js';

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
  /**
   * A client the feature vouches for (a browser that signed in before, by its device cookie):
   * counted under its own key and on a budget per address of its own, so that others flooding
   * the route from the same address never stop it. `clientOf` answers null for anyone else.
   */
  trusted?: { clientOf: (request: FastifyRequest) => string | null; client: Budget; ip: Budget };
  /**
   * A request refused for another reason (a 4xx but 429: a locked thread, too many links) gives
   * the account its point back, so it does not cost the member their turn. Off where the work
   * is done before the refusal (an upload is decoded before it is found not to be an image).
   */
  refundRefused?: boolean;
}

export const perMinute = (points: number): Budget => ({ points, seconds: 60 });
export const perHour = (points: number): Budget => ({ points, seconds: 3600 });

/**
 * A member's write: counted per account, and per client address at ten times the account's
 * budget (several members may share an address: a household, a school, a phone carrier).
 */
export function memberLimit(
  name: string,
  doing: string,
  account: Budget,
  more: Partial<RouteLimit> = {},
): RouteLimit & { account: Budget } {
  return {
    name,
    doing,
    account,
    ip: { points: account.points * 10, seconds: account.seconds },
    ...more,
  };
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
  if (limit.trusted) {
    parts.push(
      `a trusted client ${perWindow(limit.trusted.client)} on its own and ${perWindow(limit.trusted.ip)} per address, apart from the rest`,
    );
  }
  const exempt = limit.exempt ? `; members with ${limit.exempt} are not counted per account` : '';
  return `Limit (${limit.name}): ${parts.join(', ')}${exempt}.`;
}

/**
 * Charges every request of a limited route to its budgets, after access and validation (bad
 * input costs nothing) and before the handler: the member's account (unless exempt) and the
 * client address.
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
      trustedClient:
        limit.trusted &&
        options.limiter.counter(`${limit.name}:trusted-client`, limit.trusted.client, refuse),
      trustedIp:
        limit.trusted &&
        options.limiter.counter(`${limit.name}:trusted-ip`, limit.trusted.ip, refuse),
    };
  };

  /** The counters a request's address is charged to: a trusted client's own, or everyone's. */
  const addressCounters = (request: FastifyRequest, limit: RouteLimit) => {
    const set = counters(limit);
    const client = limit.trusted?.clientOf(request) ?? null;
    if (client !== null && set.trustedClient && set.trustedIp) {
      return [
        { counter: set.trustedClient, key: client },
        { counter: set.trustedIp, key: request.ip },
      ];
    }
    return [{ counter: set.ip, key: request.ip }];
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
    const account = accountCounter(request, limit);
    const viewerId = request.viewer?.id;
    const charged: { counter: Counter; key: string }[] = [];
    try {
      if (account && viewerId) {
        await account.consume(viewerId);
        charged.push({ counter: account, key: viewerId });
      }
      for (const { counter, key } of addressCounters(request, limit)) {
        await counter.consume(key);
        charged.push({ counter, key });
      }
    } catch (error) {
      await Promise.all(charged.map(({ counter, key }) => counter.reward(key)));
      throw error;
    }
    if (account && viewerId && limit.refundRefused) {
      request.chargedLimits = [{ counter: account, key: viewerId }];
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
