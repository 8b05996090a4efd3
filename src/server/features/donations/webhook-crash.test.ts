import { randomBytes, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { describe, expect, inject, it } from 'vitest';
import type { AdminDonation } from '../../../shared/donations.js';
import { openPglite, openPostgres, type Database } from '../../platform/db/database.js';
import { donationCheckouts, donations, paymentEvents } from '../../schema.js';
import { buildAccount } from '../../test/factories.js';
import { signInRemote } from '../../test/remote-member.js';
import {
  createPostgresDatabase,
  startServerProcess,
  type ServerProcess,
} from '../../test/server-process.js';

/**
 * A payment event is stored with its effect before it is answered, so a server killed in
 * between leaves it recorded, and Stripe's retry is a duplicate: the payment counts once, and
 * its receipt is still owed. The kill lands exactly there: the handler commits, then sends the
 * receipt before answering, and the mail server here accepts the connection and never speaks.
 *
 * The server process reaches Stripe's API only to create checkouts, and its Stripe client cannot
 * be pointed at a stand-in from the environment; so the checkout row is written into the
 * database as the checkout route leaves it once Stripe has answered. Runs on PGlite in a data
 * directory (opened by the test only while no server runs) and on PostgreSQL when DATABASE_URL
 * is set.
 */
const origin = 'http://viewpoint.test';
const webhookSecret = 'whsec_viewpoint_crash_test';
const stripeEnv = {
  STRIPE_SECRET_KEY: 'sk_test_51ViewpointCrashTest',
  STRIPE_WEBHOOK_SECRET: webhookSecret,
};
const signer = new Stripe('sk_test_x');

interface Target {
  name: string;
  /** The database the server will use, its env, and whether the test may read it meanwhile. */
  prepare(): Promise<{
    open: () => Promise<Database>;
    /** PostgreSQL can be read while the server runs; PGlite only while it is stopped. */
    shared: boolean;
    env: Record<string, string>;
    dataDir: string;
    cleanUp: () => Promise<void>;
  }>;
}

const targets: Target[] = [
  {
    name: 'PGlite in a data directory',
    async prepare() {
      const dir = await mkdtemp(path.join(os.tmpdir(), 'viewpoint-webhook-crash-'));
      const template = inject('pgliteTemplate');
      const loadDataDir = template ? new Blob([await readFile(template)]) : undefined;
      let created = false;
      return {
        async open() {
          // The template seeds the directory once; afterwards it holds the server's data.
          const database = await openPglite(path.join(dir, 'db'), {
            ...(loadDataDir && !created ? { loadDataDir } : {}),
          });
          created = true;
          return database;
        },
        shared: false,
        env: { DATA_DIR: dir },
        dataDir: dir,
        cleanUp: () => rm(dir, { recursive: true, force: true }),
      };
    },
  },
];
const databaseServer = process.env.DATABASE_URL;
if (databaseServer) {
  targets.push({
    name: 'PostgreSQL',
    async prepare() {
      const created = await createPostgresDatabase(databaseServer);
      const dir = await mkdtemp(path.join(os.tmpdir(), 'viewpoint-webhook-crash-'));
      return {
        open: () => openPostgres(created.url, { max: 2 }),
        shared: true,
        env: { DATA_DIR: dir, DATABASE_URL: created.url },
        dataDir: dir,
        async cleanUp() {
          await created.drop();
          await rm(dir, { recursive: true, force: true });
        },
      };
    },
  });
}

/**
 * A mail server that answers the start-up check (greeting, EHLO, QUIT) and, once told to hang,
 * accepts connections and never says a word: a send waits on it for as long as it lasts.
 */
async function startSilentMailServer() {
  const state = { hang: false, hanging: 0 };
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    if (state.hang) {
      state.hanging += 1;
      return;
    }
    socket.write('220 mail.stand-in ESMTP\r\n');
    let buffer = '';
    socket.on('data', (chunk: Buffer) => {
      buffer += chunk.toString('utf8');
      for (let end = buffer.indexOf('\r\n'); end >= 0; end = buffer.indexOf('\r\n')) {
        const verb = buffer.slice(0, 4).toUpperCase();
        buffer = buffer.slice(end + 2);
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250 mail.stand-in\r\n');
        else if (verb === 'QUIT') socket.end('221 Bye\r\n');
        else socket.write('500 Unrecognised command\r\n');
      }
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    state,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** The checkout.session.completed Stripe sends once the donor has paid. */
function paidEvent(checkoutId: string, sessionId: string, email: string) {
  const created = Math.floor(Date.now() / 1000);
  return JSON.stringify({
    id: `evt_1Q${randomBytes(12).toString('hex')}`,
    object: 'event',
    api_version: '2026-10-28.endive',
    created,
    data: {
      object: {
        id: sessionId,
        object: 'checkout.session',
        amount_subtotal: 2_500,
        amount_total: 2_500,
        cancel_url: `${origin}/donations`,
        created: created - 90,
        currency: 'usd',
        customer: null,
        customer_creation: 'if_required',
        customer_details: {
          address: { city: null, country: 'DE', line1: null, postal_code: null, state: null },
          email,
          name: 'Ines Vogel',
          phone: null,
          tax_exempt: 'none',
          tax_ids: [],
        },
        customer_email: null,
        expires_at: created + 86_310,
        livemode: false,
        metadata: { checkout_id: checkoutId },
        mode: 'payment',
        payment_intent: `pi_3Q${randomBytes(12).toString('hex')}`,
        payment_method_types: ['card'],
        payment_status: 'paid',
        status: 'complete',
        submit_type: 'donate',
        subscription: null,
        success_url: `${origin}/donate/success?session_id={CHECKOUT_SESSION_ID}`,
        total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
        ui_mode: 'hosted',
        url: null,
      },
    },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type: 'checkout.session.completed',
  });
}

/** Delivers the event as Stripe does, signed at the moment of sending (a retry is re-signed). */
const deliver = (server: ServerProcess, payload: string) =>
  fetch(`${server.url}/api/payments/webhook`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'stripe-signature': signer.webhooks.generateTestHeaderString({
        payload,
        secret: webhookSecret,
      }),
    },
    body: payload,
  });

async function stored(database: Database) {
  const db = database.db;
  const [events] = await db.select({ n: count() }).from(paymentEvents);
  const rows = await db
    .select({
      status: donations.status,
      amount: donations.amount,
      receiptDue: donations.receiptDue,
      receiptClaimedAt: donations.receiptClaimedAt,
      receiptSentAt: donations.receiptSentAt,
    })
    .from(donations);
  return { events: events?.n ?? 0, donations: rows };
}

const mails = async (dataDir: string) =>
  (await readdir(path.join(dataDir, 'mail')).catch(() => [] as string[])).filter((name) =>
    name.endsWith('.eml'),
  );

describe.each(targets)(
  'a payment event on $name, the server killed before it answers',
  (target) => {
    it('is recorded once: the retry is a duplicate, the totals are right, the receipt still owed', async () => {
      const { open, shared, env: dataEnv, dataDir, cleanUp } = await target.prepare();
      const mail = await startSilentMailServer();
      let server: ServerProcess | undefined;
      let database: Database | undefined = await open();
      try {
        const checkoutId = randomUUID();
        const sessionId = `cs_test_a1${randomBytes(20).toString('hex')}`;
        const email = 'ines@example.test';
        await database.migrate();
        const admin = await buildAccount(database.db, {
          role: 'admin',
          createdAt: new Date(Date.now() - 30 * 86_400_000),
        });
        await database.db.insert(donationCheckouts).values({
          id: checkoutId,
          sessionId,
          browserHash: randomBytes(32).toString('hex'),
          amount: 2_500,
          currency: 'usd',
          interval: 'once',
          message: 'Keep the lights on',
          publicName: 'Ines',
        });
        if (!shared) {
          await database.close();
          database = undefined;
        }

        const env = {
          ...dataEnv,
          ...stripeEnv,
          AUTH_SECRET: randomBytes(32).toString('hex'),
          PUBLIC_URL: origin,
          TRUST_PROXY: 'true',
        };
        server = await startServerProcess({ ...env, SMTP_URL: mail.url });
        const first = server;
        mail.state.hang = true;
        const payload = paidEvent(checkoutId, sessionId, email);
        const answer = deliver(first, payload).then(
          (response) => `answered ${response.status}`,
          () => 'no answer',
        );
        // The receipt's connection comes after the commit: the event and its donation are stored.
        await expect
          .poll(() => mail.state.hanging, { timeout: 20_000, interval: 10 })
          .toBeGreaterThan(0);
        if (database) {
          const meanwhile = await stored(database);
          expect(meanwhile.events).toBe(1);
          expect(meanwhile.donations).toEqual([expect.objectContaining({ status: 'paid' })]);
        }
        await first.kill();
        expect(await answer).toBe('no answer');

        // Stripe retries the event it got no answer for.
        server = await startServerProcess(env);
        const second = server;
        const retried = await deliver(second, payload);
        expect(retried.status).toBe(200);
        expect(await retried.json()).toEqual({ received: true, handled: false, duplicate: true });
        const member = await signInRemote(second.url, admin, { origin });
        const list = await member.request<{
          items: AdminDonation[];
          totals: { count: number; amounts: { currency: string; amount: number }[] };
        }>(second.url, 'GET', '/api/admin/donations');
        expect(list.status).toBe(200);
        expect(list.body.totals).toEqual({
          count: 1,
          amounts: [{ currency: 'usd', amount: 2_500 }],
        });
        expect(list.body.items).toEqual([
          expect.objectContaining({ reference: sessionId, status: 'paid', amount: 2_500, email }),
        ]);
        const page = await member.request<{ campaign: null; wall: { name: string }[] }>(
          second.url,
          'GET',
          '/api/donations',
        );
        expect(page.body.wall.map((entry) => entry.name)).toEqual(['Ines']);
        // The dead process's claim on the receipt has not run out: nothing is sent twice.
        expect(await mails(dataDir)).toEqual([]);
        await second.stop();

        database ??= await open();
        const after = await stored(database);
        expect(after.events).toBe(1);
        expect(after.donations).toEqual([
          {
            status: 'paid',
            amount: 2_500,
            receiptDue: true,
            receiptClaimedAt: expect.any(Date),
            receiptSentAt: null,
          },
        ]);

        // Five minutes on, the claim has run out: the next process to start sends it, once.
        await database.db
          .update(donations)
          .set({ receiptClaimedAt: new Date(Date.now() - 6 * 60_000) })
          .where(eq(donations.checkoutId, checkoutId));
        if (!shared) {
          await database.close();
          database = undefined;
        }
        server = await startServerProcess(env);
        const third = server;
        await expect.poll(() => mails(dataDir), { timeout: 20_000 }).toHaveLength(1);
        const [file] = await mails(dataDir);
        const receipt = await readFile(path.join(dataDir, 'mail', file ?? ''), 'utf8');
        expect(receipt).toContain(`To: ${email}`);
        expect(receipt).toContain('Amount: $25 USD (one-off)');
        await third.stop();
        database ??= await open();
        expect((await stored(database)).donations).toEqual([
          expect.objectContaining({ receiptDue: false, receiptSentAt: expect.any(Date) }),
        ]);
      } finally {
        await server?.kill();
        await database?.close();
        await mail.close();
        await cleanUp();
      }
    }, 120_000);
  },
);
