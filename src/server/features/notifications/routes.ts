import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParams } from '../../../shared/forum.js';
import {
  mentionSuggestQuery,
  mentionSuggestResponse,
  notificationListQuery,
  notificationListResponse,
  notificationSettingsResponse,
  saveReadingBody,
  threadReadingResponse,
  unreadCountResponse,
  unsubscribeQuery,
  unsubscribeResponse,
  updateNotificationSettingsBody,
  watchBody,
  watchResponse,
} from '../../../shared/notifications.js';
import { errorResponses, noQuery } from '../../core/http.js';
import { viewerOf } from '../../core/access.js';
import { memberLimit, perMinute, type RouteLimit } from '../../core/route-limits.js';
import type { NotificationService } from './service.js';
import type { ReadingService } from './reading/service.js';

const limits = {
  read: memberLimit('notifications', 'changing notifications', perMinute(120)),
  settings: memberLimit('notification-settings', 'changing settings', perMinute(30)),
  reading: memberLimit('thread-reading', 'saving your place', perMinute(240)),
  watch: memberLimit('watching', 'changing what you watch', perMinute(60)),
  unsubscribe: {
    name: 'unsubscribe',
    doing: 'unsubscribing',
    ip: perMinute(30),
  } satisfies RouteLimit,
};

const errors = errorResponses(400, 401, 403, 404, 409, 429);
const signedIn = { access: 'signed-in' } as const;
const tags = ['notifications'];

/** The bell's list and count, reading and removing, settings, watching and reading places. */
export function registerNotificationRoutes(
  app: FastifyInstance,
  services: { notifications: NotificationService; reading: ReadingService },
) {
  const { notifications, reading } = services;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/notifications',
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'Your notifications, newest first, with your unread count',
        querystring: notificationListQuery,
        response: { 200: notificationListResponse, ...errors },
      },
    },
    (request) => notifications.list(viewerOf(request), request.query),
  );

  api.get(
    '/api/notifications/unread-count',
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'How many of your notifications are unread',
        querystring: noQuery,
        response: { 200: unreadCountResponse, ...errors },
      },
    },
    async (request) => ({ unreadCount: await notifications.unreadCount(viewerOf(request).id) }),
  );

  const countAnswer = { 200: unreadCountResponse, ...errors };
  api.post(
    '/api/notifications/read-all',
    {
      config: { stales: [], ...signedIn, limit: limits.read },
      schema: { tags, summary: 'Mark all read', querystring: noQuery, response: countAnswer },
    },
    (request) => notifications.markAllRead(viewerOf(request)),
  );
  api.post(
    '/api/notifications/:id/read',
    {
      config: { stales: [], ...signedIn, limit: limits.read },
      schema: {
        tags,
        summary: 'Mark one of your notifications read',
        querystring: noQuery,
        params: idParams,
        response: countAnswer,
      },
    },
    (request) => notifications.markRead(viewerOf(request), request.params.id),
  );
  api.delete(
    '/api/notifications/:id',
    {
      config: { stales: [], ...signedIn, limit: limits.read },
      schema: {
        tags,
        summary: 'Remove one of your notifications',
        querystring: noQuery,
        params: idParams,
        response: countAnswer,
      },
    },
    (request) => notifications.remove(viewerOf(request), request.params.id),
  );
  api.delete(
    '/api/notifications',
    {
      config: { stales: [], ...signedIn, limit: limits.read },
      schema: { tags, summary: 'Clear all', querystring: noQuery, response: countAnswer },
    },
    (request) => notifications.clear(viewerOf(request)),
  );

  api.get(
    '/api/notifications/settings',
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'How each kind of notification reaches you',
        querystring: noQuery,
        response: { 200: notificationSettingsResponse, ...errors },
      },
    },
    async (request) => ({ settings: await notifications.settings(viewerOf(request)) }),
  );
  api.put(
    '/api/notifications/settings',
    {
      config: { stales: [], ...signedIn, limit: limits.settings },
      schema: {
        tags,
        summary: 'Change how some kinds reach you: off, in the app, e-mail or a daily digest',
        querystring: noQuery,
        body: updateNotificationSettingsBody,
        response: { 200: notificationSettingsResponse, ...errors },
      },
    },
    async (request) => ({
      settings: await notifications.updateSettings(viewerOf(request), request.body),
    }),
  );

  registerUnsubscribe(app, notifications);

  api.get(
    '/api/users/suggest',
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'Members whose username starts with the letters typed after @',
        querystring: mentionSuggestQuery,
        response: { 200: mentionSuggestResponse, ...errors },
      },
    },
    (request) => notifications.suggestMembers(request.query.q),
  );

  api.get(
    '/api/forum/posts/:id/reading',
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'How far you read a thread, where it opens for you, and whether you watch it',
        querystring: noQuery,
        params: idParams,
        response: { 200: threadReadingResponse, ...errors },
      },
    },
    async (request) => ({
      reading: await reading.reading(viewerOf(request), request.params.id),
    }),
  );
  api.put(
    '/api/forum/posts/:id/reading',
    {
      config: { ...signedIn, limit: limits.reading, stales: [] },
      schema: {
        tags,
        summary: 'Save how far you read (it only moves forward)',
        querystring: noQuery,
        params: idParams,
        body: saveReadingBody,
        response: { 200: threadReadingResponse, ...errors },
      },
    },
    async (request) => ({
      reading: await reading.saveReading(
        viewerOf(request),
        request.params.id,
        request.body.lastReadReplyId,
      ),
    }),
  );
  api.put(
    '/api/forum/posts/:id/watch',
    {
      config: { ...signedIn, limit: limits.watch, stales: [] },
      schema: {
        tags,
        summary: 'Watch, follow normally or mute a thread',
        querystring: noQuery,
        params: idParams,
        body: watchBody,
        response: { 200: watchResponse, ...errors },
      },
    },
    (request) => reading.watchThread(viewerOf(request), request.params.id, request.body.level),
  );
  api.get(
    '/api/forum/categories/:id/watch',
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'Whether you watch a category',
        querystring: noQuery,
        params: idParams,
        response: { 200: watchResponse, ...errors },
      },
    },
    (request) => reading.categoryWatch(viewerOf(request), request.params.id),
  );
  api.put(
    '/api/forum/categories/:id/watch',
    {
      config: { ...signedIn, limit: limits.watch, stales: [] },
      schema: {
        tags,
        summary: 'Watch a category (every new thread and reply), or mute it',
        querystring: noQuery,
        params: idParams,
        body: watchBody,
        response: { 200: watchResponse, ...errors },
      },
    },
    (request) => reading.watchCategory(viewerOf(request), request.params.id, request.body.level),
  );
}

/**
 * The e-mails' unsubscribe link: GET describes it (the page asks before acting, since mail
 * scanners open links), POST acts. Mail clients' one-click POST (RFC 8058) carries
 * `List-Unsubscribe=One-Click` as a form and no cookie or origin: the signed token is the
 * authority, so it is exempt from the CSRF check.
 */
function registerUnsubscribe(app: FastifyInstance, notifications: NotificationService) {
  void app.register((scope, _options, done) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_request, _body, parsed) => parsed(null, {}),
    );
    const api = scope.withTypeProvider<ZodTypeProvider>();
    api.get(
      '/api/notifications/unsubscribe',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: "What an e-mail's unsubscribe link switches off",
          querystring: unsubscribeQuery,
          response: { 200: unsubscribeResponse, ...errors },
        },
      },
      (request) => notifications.describeUnsubscribe(request.query.token),
    );
    api.post(
      '/api/notifications/unsubscribe',
      {
        config: { stales: [], access: 'public', limit: limits.unsubscribe, csrfExempt: true },
        schema: {
          tags,
          summary: "Stop one kind of e-mail (the e-mail's one-click link)",
          querystring: unsubscribeQuery,
          response: { 200: unsubscribeResponse, ...errors },
        },
      },
      (request) => notifications.unsubscribe(request.query.token),
    );
    done();
  });
}
