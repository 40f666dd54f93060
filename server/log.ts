// The server's structured log: one JSON object a line on stdout (pino), so an operator's collector
// can read fields instead of parsing sentences. Deps may carry another writer (tests read the lines).
import { pino } from 'pino';

export type LogEntry = { event: string; level?: 'info' | 'warn' | 'error' } & Record<string, unknown>;
export type LogWriter = (entry: LogEntry) => void;

// ISO times and no pid/hostname: the process and machine are the collector's labels.
const logger = pino({ base: undefined, timestamp: pino.stdTimeFunctions.isoTime });

export const stdoutLog: LogWriter = ({ level = 'info', ...fields }) => {
  logger[level](fields);
};

/** 13812345678 → 138****5678: logs never carry a whole phone number. */
export const maskedPhone = (phone: string): string =>
  phone.length === 11 ? `${phone.slice(0, 3)}****${phone.slice(7)}` : '***';
