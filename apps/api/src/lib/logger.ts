/** JSON logs with pino. Level from LOG_LEVEL; tests pass `silent`. */
import pino from 'pino';

export type Logger = pino.Logger;

export function createLogger(level: pino.LevelWithSilent = 'info'): Logger {
  return pino({ level, base: undefined, timestamp: pino.stdTimeFunctions.isoTime });
}
