import type { Logger } from './logger';

/** Something long-lived that must be stopped: closed stores, disposed runtimes, a server. */
export type Dispose = () => void | Promise<void>;

/**
 * The service's long-lived parts, registered as they are created and disposed in reverse:
 * whatever uses a part was created after it, so it stops before the part goes away. A failing
 * dispose is logged and the rest still run.
 */
export class Lifecycle {
  private readonly parts: { name: string; dispose: Dispose }[] = [];
  private disposing: Promise<void> | undefined;

  constructor(private readonly logger: Logger) {}

  /** Registers `part` under `name` (for the log) and returns it, so creation reads as one line. */
  add<T>(name: string, part: T, dispose: (part: T) => void | Promise<void>): T {
    this.parts.push({ name, dispose: () => dispose(part) });
    return part;
  }

  /** Disposes every part, last registered first; the same promise on later calls. */
  dispose(): Promise<void> {
    return (this.disposing ??= (async () => {
      for (const p of this.parts.reverse()) {
        try {
          await p.dispose();
        } catch (err) {
          this.logger.error(`stopping ${p.name} failed`, err);
        }
      }
    })());
  }
}
