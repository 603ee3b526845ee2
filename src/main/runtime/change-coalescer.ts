/**
 * Turns bursts of changes into a few notifications per key: the first change is announced at
 * once, changes during the following window are announced once when it ends. A component
 * writing a thousand records makes the UI re-read a handful of times, not a thousand.
 */
export class ChangeCoalescer {
  private readonly windows = new Map<string, { timer: NodeJS.Timeout; again: boolean }>();

  constructor(
    private readonly announce: (key: string) => void,
    private readonly windowMs = 100,
  ) {}

  note(key: string): void {
    const w = this.windows.get(key);
    if (w) {
      w.again = true;
      return;
    }
    this.announce(key);
    this.open(key);
  }

  dispose(): void {
    for (const w of this.windows.values()) clearTimeout(w.timer);
    this.windows.clear();
  }

  private open(key: string): void {
    const w = {
      again: false,
      timer: setTimeout(() => {
        this.windows.delete(key);
        if (!w.again) return;
        this.announce(key);
        this.open(key);
      }, this.windowMs),
    };
    w.timer.unref();
    this.windows.set(key, w);
  }
}
