// The server's structured log: one JSON object a line on stdout, so an operator's collector can
// read fields instead of parsing sentences. Deps may carry another writer (tests read the lines).
export type LogEntry = { event: string } & Record<string, unknown>;
export type LogWriter = (entry: LogEntry) => void;

export const stdoutLog: LogWriter = (entry) => {
  process.stdout.write(`${JSON.stringify({ time: new Date().toISOString(), ...entry })}\n`);
};

/** 13812345678 → 138****5678: logs never carry a whole phone number. */
export const maskedPhone = (phone: string): string => (phone.length === 11 ? `${phone.slice(0, 3)}****${phone.slice(7)}` : '***');
