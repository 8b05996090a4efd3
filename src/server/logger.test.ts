import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from './logger.js';

/** An output that keeps what was written, and says whether it is a terminal. */
function output(isTTY: boolean) {
  const stream = Object.assign(new PassThrough(), { isTTY });
  const chunks: string[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk.toString('utf8')));
  return { stream, text: () => chunks.join('') };
}

describe('logs', () => {
  it('are JSON lines for machines', () => {
    const out = output(false);
    createLogger({ logLevel: 'info' }, out.stream).info({ route: '/forum' }, 'served');
    const line = JSON.parse(out.text().trim()) as Record<string, unknown>;
    expect(line).toMatchObject({ level: 30, msg: 'served', route: '/forum' });
  });

  it('are drawn for people in a terminal, with nothing secret', () => {
    const out = output(true);
    createLogger({ logLevel: 'info' }, out.stream).info(
      { req: { headers: { cookie: 'vp.session_token=secret' } } },
      'served',
    );
    const text = out.text();
    expect(text).toContain('INFO');
    expect(text).toContain('served');
    expect(text).not.toContain('secret');
    expect(() => JSON.parse(text.trim()) as unknown).toThrow();
  });
});
