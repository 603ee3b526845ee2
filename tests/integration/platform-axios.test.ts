// `@pipedream/platform`'s axios as registry components use it (issue 16, section 1): the RSS
// app asks for `responseType: "stream"` and pipes the answer into a parser, others ask for
// `arraybuffer` to get bytes. In the sandbox these must be what they are on Node: a Readable
// and a Buffer. Fetches the packages from the npm registry (the one network these machines have).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useService } from '../helpers/service';

const FEED = '<rss><channel><item><title>one</title></item><item><title>two</title></item></channel></rss>';

// Written for this test after the pattern of a feed source: fetch as a stream, pipe into a
// consumer (a Writable here, feedparser in the registry), and fetch bytes as an arraybuffer.
const feedSource = `import { axios } from "@pipedream/platform";
import { Writable } from "stream";
export default {
  name: "Feed reader", version: "1",
  props: { base: { type: "string" } },
  methods: {
    async read(stream) {
      const chunks = [];
      await new Promise((resolve, reject) => {
        stream.on("error", reject);
        stream.pipe(new Writable({ write(chunk, _enc, done) { chunks.push(chunk); done(); } })).on("finish", resolve).on("error", reject);
      });
      return Buffer.concat(chunks).toString("utf8");
    },
  },
  async run() {
    const stream = await axios(this, { url: this.base + "/feed", responseType: "stream" });
    const text = await this.read(stream);
    const bytes = await axios(this, { url: this.base + "/bytes", responseType: "arraybuffer" });
    this.$emit({
      titles: [...text.matchAll(/<title>([^<]*)<\\/title>/g)].map((m) => m[1]),
      readable: typeof stream.pipe === "function" && typeof stream.on === "function",
      isBuffer: Buffer.isBuffer(bytes),
      bytes: [...bytes],
    });
  },
};`;

describe('@pipedream/platform axios: stream and arraybuffer responses', () => {
  const svc = useService();
  const server = http.createServer((req, res) => {
    if (req.url === '/bytes') return void res.setHeader('content-type', 'application/octet-stream').end(Buffer.from([0, 1, 254, 255]));
    res.setHeader('content-type', 'application/rss+xml');
    // In two writes, so that a consumer that does not stream would still see all of it.
    res.write(FEED.slice(0, 30));
    setTimeout(() => res.end(FEED.slice(30)), 20);
  });
  let base = '';
  beforeAll(async () => {
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((r) => server.close(r)));

  it('gives a Node Readable for responseType "stream" (it pipes) and a Buffer for "arraybuffer"', { timeout: 180_000 }, async () => {
    const src = await svc.createSource(feedSource, { configured_props: { base } });
    const r = await svc.runSource(src.id);
    expect(r.ok, JSON.stringify(r.error)).toBe(true);
    expect(r.emitted[0].event).toEqual({ titles: ['one', 'two'], readable: true, isBuffer: true, bytes: [0, 1, 254, 255] });
  });
});
