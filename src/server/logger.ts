import pino, { type DestinationStream, type Logger } from 'pino';
import pretty from 'pino-pretty';
import type { Config } from './config.js';

/** Where the logs go: standard output, which may be a person's terminal. */
type Output = NodeJS.WritableStream & { isTTY?: boolean; fd?: number };

/**
 * One JSON line per event for machines (a journal, a log shipper); in a terminal, the same
 * events drawn for people (pino-pretty, written as they happen so none is lost at exit).
 */
export function createLogger(
  config: Pick<Config, 'logLevel'>,
  output: Output = process.stdout,
): Logger {
  const options = {
    level: config.logLevel,
    // Never log credentials or session material.
    redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
  };
  if (!output.isTTY) {
    return output === process.stdout ? pino(options) : pino(options, output as DestinationStream);
  }
  return pino(
    options,
    pretty({
      colorize: true,
      sync: true,
      translateTime: 'SYS:HH:MM:ss.l',
      ignore: 'pid,hostname',
      destination: output,
    }),
  );
}
