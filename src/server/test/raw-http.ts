import net, { type Socket } from 'node:net';

/** What came back on a raw connection before it closed: nothing at all, or one HTTP answer. */
export interface RawAnswer {
  /** 0 when the server closed the connection without a byte. */
  status: number;
  head: string;
  body: string;
}

/** A connection to a listening test server, open once the handshake is done. */
export function connectRaw(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.off('error', reject);
      resolve(socket);
    });
    socket.once('error', reject);
  });
}

/** Everything the server sends on `socket` until the connection closes, as one answer. */
export function answerOf(socket: Socket): Promise<RawAnswer> {
  return new Promise((resolve) => {
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('utf8')));
    // A connection the server resets still ends the exchange: what arrived is the answer.
    socket.on('error', () => undefined);
    socket.on('close', () => {
      const cut = received.indexOf('\r\n\r\n');
      const head = cut < 0 ? received : received.slice(0, cut);
      resolve({
        status: Number(head.split(' ')[1] ?? 0) || 0,
        head,
        body: cut < 0 ? '' : received.slice(cut + 4),
      });
    });
  });
}

/** Sends raw bytes on a new connection and reads the answer until the server closes it. */
export async function exchangeRaw(port: number, request: string): Promise<RawAnswer> {
  const socket = await connectRaw(port);
  const answer = answerOf(socket);
  socket.write(request);
  return answer;
}
