import { createServer } from 'node:net';

/**
 * Fails as `listen` would (EADDRINUSE, EACCES, …) when `host:port` cannot be bound, by binding it
 * for a moment. The service checks this before it creates any file, so a start that cannot
 * listen leaves the data dir as it was. (Port 0 always passes: the OS picks a free port.)
 */
export function probePort(port: number, host: string): Promise<void> {
  if (port === 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve()));
  });
}
