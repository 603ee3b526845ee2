/** A source whose `run` emits `n` events per webhook request: `{ seq, i }` for i in 0..n-1. */
export const bulkSource = (name: string) => `
export default {
  name: ${JSON.stringify(name)},
  version: "0.0.1",
  props: { http: { type: "$.interface.http", customResponse: false } },
  async run(event) {
    const { seq, n } = event.body;
    for (let i = 0; i < n; i++) this.$emit({ seq, i, pad: "${'x'.repeat(64)}" }, { summary: seq + "." + i });
  },
};
`;

export const tickSource = `
export default {
  name: "Tick",
  version: "0.0.1",
  props: { timer: { type: "$.interface.timer", default: { intervalSeconds: 1 } } },
  async run(event) {
    this.$emit({ tick: event.timestamp });
  },
};
`;

export interface Hammer {
  /** Requests answered 200, per endpoint index. */
  readonly acked: number[];
  /** Stops sending and resolves once every sender has returned. */
  stop(): Promise<void>;
}

/**
 * Sends webhooks to each endpoint from `perEndpoint` concurrent senders, each request asking
 * for `eventsPerRequest` events with the next `seq` of that endpoint, until stopped (or until
 * the service is gone: a refused connection ends a sender).
 */
export function hammer(endpoints: string[], perEndpoint: number, eventsPerRequest: number, firstSeq: number[]): Hammer {
  const acked = endpoints.map(() => 0);
  const next = [...firstSeq];
  let running = true;
  const sender = async (i: number) => {
    while (running) {
      const seq = next[i]++;
      try {
        const r = await fetch(endpoints[i], {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ seq, n: eventsPerRequest }),
        });
        await r.arrayBuffer();
        if (r.status === 200) acked[i]++;
      } catch {
        return;
      }
    }
  };
  const senders = endpoints.flatMap((_, i) => Array.from({ length: perEndpoint }, () => sender(i)));
  return {
    acked,
    async stop() {
      running = false;
      await Promise.all(senders);
    },
  };
}
