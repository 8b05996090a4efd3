import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  chatLimits,
  chatReactionResponse,
  createRoomBody,
  editMessageBody,
  markReadBody,
  messagePageResponse,
  messageResponse,
  messagesQuery,
  moderateMessageBody,
  readResponse,
  roomListResponse,
  roomResponse,
  sendMessageBody,
  unreadResponse,
  updateRoomBody,
} from '../../../shared/chat.js';
import { idParams } from '../../../shared/forum.js';
import { reportBody } from '../../../shared/reports.js';
import { errorResponses, noQuery } from '../../core/http.js';
import { viewerOf } from '../../core/access.js';
import { memberLimit, perMinute } from '../../core/route-limits.js';
import type { ChatService } from './service.js';

const tags = ['chat'];
/** Chat's writes change what chat shows, and nothing of the forum's pages (core/stale.ts). */
const chatOnly = ['chat'] as const;
const readErrors = errorResponses(400, 401, 403, 404);
const writeErrors = errorResponses(400, 401, 403, 404, 409, 412, 429);

/**
 * Chat's limits. Sending is the flood limit (5 messages per 5 seconds per member, in every
 * room), shared by every process through the core limiter; a room's slow mode is on top.
 */
export const chatRouteLimits = {
  message: memberLimit(
    'chat-message',
    'sending messages',
    { points: chatLimits.floodMessages, seconds: chatLimits.floodSeconds },
    { refundRefused: true },
  ),
  edit: memberLimit('chat-edit', 'editing messages', perMinute(30), { refundRefused: true }),
  react: memberLimit('chat-react', 'reacting', perMinute(60)),
  report: memberLimit('chat-report', 'reporting', { points: 20, seconds: 10 * 60 }),
  read: memberLimit('chat-read', 'marking rooms read', perMinute(240)),
  moderate: memberLimit('chat-moderate', 'moderating', perMinute(60)),
  rooms: memberLimit('chat-rooms', 'changing rooms', perMinute(30)),
};

const roomListQuery = z.object({ archived: z.enum(['true', 'false']).default('false') }).strict();

/** Chat over HTTP: rooms, history, writing (stored before the answer), likes, reports, moderation. */
export function registerChatRoutes(app: FastifyInstance, chat: ChatService) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/chat/rooms',
    {
      config: { access: 'verified' },
      schema: {
        tags,
        summary: 'The rooms with the reader’s unread counts and each room’s last message',
        description: '`archived=true` lists archived rooms too.',
        querystring: roomListQuery,
        response: { 200: roomListResponse, ...readErrors },
      },
    },
    async (request) => ({
      items: await chat.rooms(viewerOf(request), request.query.archived === 'true'),
    }),
  );

  api.post(
    '/api/chat/rooms',
    {
      config: {
        stales: chatOnly,
        access: { permission: 'chat.rooms' },
        limit: chatRouteLimits.rooms,
      },
      schema: {
        tags,
        summary: 'Create a room (admins)',
        querystring: noQuery,
        body: createRoomBody,
        response: { 201: roomResponse, ...writeErrors },
      },
    },
    async (request, reply) => {
      const room = await chat.createRoom(viewerOf(request), request.body);
      return reply.status(201).send({ room });
    },
  );

  api.patch(
    '/api/chat/rooms/:id',
    {
      config: {
        stales: chatOnly,
        access: { permission: 'chat.rooms' },
        limit: chatRouteLimits.rooms,
      },
      schema: {
        tags,
        summary: 'Change a room’s name, topic, posting policy or slow mode, or archive it (admins)',
        querystring: noQuery,
        params: idParams,
        body: updateRoomBody,
        response: { 200: roomResponse, ...writeErrors },
      },
    },
    async (request) => ({
      room: await chat.updateRoom(viewerOf(request), request.params.id, request.body),
    }),
  );

  api.get(
    '/api/chat/rooms/:id/messages',
    {
      config: { access: 'verified' },
      schema: {
        tags,
        summary: 'A room’s history, newest first; or what was missed after a message',
        description:
          '`before` (a cursor from `nextCursor`) pages back through the whole history, newest ' +
          'first. `after` (a message id) answers the messages after it, oldest first, at most ' +
          `${chatLimits.catchUpMax}; \`hasMore\` says to ask again after the last one.`,
        querystring: messagesQuery,
        params: idParams,
        response: { 200: messagePageResponse, ...readErrors },
      },
    },
    (request) => chat.history(viewerOf(request), request.params.id, request.query),
  );

  api.post(
    '/api/chat/rooms/:id/messages',
    {
      config: {
        stales: chatOnly,
        access: 'verified',
        limit: chatRouteLimits.message,
        publishes: true,
      },
      schema: {
        tags,
        summary: 'Send a message (idempotent on the client’s nonce)',
        description:
          'Answers 201 once the message is stored, and 200 with the stored message when the ' +
          'same nonce comes again (a retried send).',
        querystring: noQuery,
        params: idParams,
        body: sendMessageBody,
        response: { 201: messageResponse, 200: messageResponse, ...writeErrors },
      },
    },
    async (request, reply) => {
      const sent = await chat.send(viewerOf(request), request.params.id, request.body);
      return reply.status(sent.created ? 201 : 200).send({ message: sent.message });
    },
  );

  api.patch(
    '/api/chat/messages/:id',
    {
      config: {
        stales: chatOnly,
        access: 'verified',
        limit: chatRouteLimits.edit,
        publishes: true,
      },
      schema: {
        tags,
        summary: 'Edit one’s own message',
        querystring: noQuery,
        params: idParams,
        body: editMessageBody,
        response: { 200: messageResponse, ...writeErrors },
      },
    },
    async (request) => ({
      message: await chat.edit(viewerOf(request), request.params.id, request.body.body),
    }),
  );

  api.delete(
    '/api/chat/messages/:id',
    {
      config: { stales: chatOnly, access: 'verified', limit: chatRouteLimits.edit },
      schema: {
        tags,
        summary: 'Delete one’s own message',
        querystring: noQuery,
        params: idParams,
        response: { 204: z.null(), ...writeErrors },
      },
    },
    async (request, reply) => {
      await chat.remove(viewerOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  for (const method of ['put', 'delete'] as const) {
    api[method](
      '/api/chat/messages/:id/reaction',
      {
        config: { stales: chatOnly, access: 'verified', limit: chatRouteLimits.react },
        schema: {
          tags,
          summary: method === 'put' ? 'Like a message' : 'Take back a like',
          querystring: noQuery,
          params: idParams,
          response: { 200: chatReactionResponse, ...writeErrors },
        },
      },
      (request) => chat.react(viewerOf(request), request.params.id, method === 'put'),
    );
  }

  api.post(
    '/api/chat/messages/:id/reports',
    {
      config: { stales: chatOnly, access: 'verified', limit: chatRouteLimits.report },
      schema: {
        tags,
        summary: 'Report a message to the moderators',
        querystring: noQuery,
        params: idParams,
        body: reportBody,
        response: { 204: z.null(), ...writeErrors },
      },
    },
    async (request, reply) => {
      await chat.report(viewerOf(request), request.params.id, request.body);
      return reply.status(204).send(null);
    },
  );

  api.post(
    '/api/chat/messages/:id/moderation',
    {
      config: {
        access: { permission: 'content.moderate' },
        stales: chatOnly,
        limit: chatRouteLimits.moderate,
      },
      schema: {
        tags,
        summary: 'Hide or restore a message (moderators; a reason is needed to hide)',
        querystring: noQuery,
        params: idParams,
        body: moderateMessageBody,
        response: { 200: messageResponse, ...writeErrors },
      },
    },
    async (request) => ({
      message: await chat.moderate(viewerOf(request), request.params.id, request.body),
    }),
  );

  api.put(
    '/api/chat/rooms/:id/read',
    {
      config: { stales: [], access: 'verified', limit: chatRouteLimits.read },
      schema: {
        tags,
        summary: 'Mark a room read up to a message (a mark never moves back)',
        querystring: noQuery,
        params: idParams,
        body: markReadBody,
        response: { 200: readResponse, ...writeErrors },
      },
    },
    async (request) => ({
      unreadCount: await chat.markRead(
        viewerOf(request),
        request.params.id,
        request.body.messageId,
      ),
    }),
  );

  api.get(
    '/api/chat/unread',
    {
      config: { access: 'verified' },
      schema: {
        tags,
        summary: 'How many messages the reader has not read, over every active room',
        querystring: noQuery,
        response: { 200: unreadResponse, ...readErrors },
      },
    },
    async (request) => ({ total: await chat.unread(viewerOf(request)) }),
  );
}
