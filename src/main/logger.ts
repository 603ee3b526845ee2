/** The service's own diagnostic log (not component logs). Never given secrets. */
export interface Logger {
  info(msg: string): void;
  warn(msg: string): void;
  error(msg: string, err?: unknown): void;
}

export function consoleLogger(stream: NodeJS.WritableStream = process.stderr): Logger {
  const write = (level: string, msg: string, err?: unknown) => {
    const detail = err instanceof Error ? `: ${err.stack ?? err.message}` : err ? `: ${String(err)}` : '';
    stream.write(`${new Date().toISOString()} ${level} ${msg}${detail}\n`);
  };
  return {
    info: (m) => write('info', m),
    warn: (m) => write('warn', m),
    error: (m, e) => write('error', m, e),
  };
}

export const silentLogger: Logger = { info() {}, warn() {}, error() {} };
