import net, { type Server, type Socket } from 'node:net';

/**
 * A TCP proxy a test can cut and restore, standing between a test app and the machine's
 * PostgreSQL or Redis: an outage for that app alone, while every other test keeps the real
 * service. `cut()` stops accepting and drops every connection (as a crashed server or a broken
 * network does); `restore()` accepts again on the same port.
 */
export interface CuttableProxy {
  /** `url` with its host and port replaced by the proxy's. */
  through(url: string): string;
  cut(): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startCuttableProxy(target: string): Promise<CuttableProxy> {
  const { hostname, port: targetPort } = new URL(target);
  const open = new Set<Socket>();
  const track = (socket: Socket) => {
    open.add(socket);
    socket.once('close', () => open.delete(socket));
  };

  const listen = (port: number) =>
    new Promise<Server>((resolve, reject) => {
      const server = net.createServer((client) => {
        const upstream = net.connect(Number(targetPort), hostname);
        track(client);
        track(upstream);
        const drop = () => {
          client.destroy();
          upstream.destroy();
        };
        client.on('error', drop);
        upstream.on('error', drop);
        client.on('close', drop);
        upstream.on('close', drop);
        client.pipe(upstream).pipe(client);
      });
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve(server));
    });

  let server: Server | undefined = await listen(0);
  const port = (server.address() as net.AddressInfo).port;

  const cut = async () => {
    const closing = server;
    server = undefined;
    if (!closing) return;
    const closed = new Promise<void>((resolve) => closing.close(() => resolve()));
    for (const socket of open) socket.destroy();
    await closed;
  };

  return {
    through(url) {
      const proxied = new URL(url);
      proxied.hostname = '127.0.0.1';
      proxied.port = String(port);
      return proxied.toString();
    },
    cut,
    async restore() {
      server ??= await listen(port);
    },
    close: cut,
  };
}
