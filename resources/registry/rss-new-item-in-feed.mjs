// The feed source of the spec (2.7): polls an RSS 2.0 or Atom feed and emits each new item once.
// No npm dependencies, so it deploys with an empty package cache.
class ConfigurationError extends Error {
  constructor(message) {
    super(message);
    this.name = "ConfigurationError";
  }
}

const decode = (s) =>
  s
    .replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, "$1")
    .replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&quot;/g, '"').replace(/&#39;|&apos;/g, "'")
    .replace(/&#(\d+);/g, (_, n) => String.fromCodePoint(Number(n)))
    .replace(/&amp;/g, "&")
    .trim();

const tag = (xml, name) => {
  const m = new RegExp(`<${name}(?:\\s[^>]*)?>([\\s\\S]*?)</${name}>`, "i").exec(xml);
  return m ? decode(m[1]) : undefined;
};

const atomLink = (xml) => {
  const links = [...xml.matchAll(/<link\b([^>]*?)\/?>/gi)].map((m) => m[1]);
  const pick = links.find((a) => /rel=["']alternate["']/i.test(a)) ?? links.find((a) => !/rel=/i.test(a)) ?? links[0];
  const href = pick && /href=["']([^"']+)["']/i.exec(pick);
  return href ? decode(href[1]) : undefined;
};

export default {
  name: "New Item in Feed",
  key: "rss-new-item-in-feed",
  version: "1.0.0",
  description: "Emit new items from an RSS 2.0 or Atom feed.",
  type: "source",
  dedupe: "unique",
  props: {
    rss: { type: "app", app: "rss" },
    url: { type: "string", label: "Feed URL", description: "The address of an RSS 2.0 or Atom feed" },
    timer: { type: "$.interface.timer", label: "Polling schedule", default: { intervalSeconds: 900 } },
  },
  methods: {
    async fetchItems() {
      let res;
      try {
        res = await fetch(this.url, { headers: { accept: "application/rss+xml, application/atom+xml, application/xml, text/xml;q=0.9, */*;q=0.8" } });
      } catch (err) {
        throw new ConfigurationError(`The feed at ${this.url} cannot be reached: ${err.message}`);
      }
      if (!res.ok) throw new ConfigurationError(`The feed at ${this.url} answered ${res.status}`);
      return this.parse(await res.text());
    },
    parse(xml) {
      if (/<rss[\s>]|<rdf:RDF[\s>]/i.test(xml)) {
        return [...xml.matchAll(/<item\b[^>]*>([\s\S]*?)<\/item>/gi)].map(([, body]) => {
          const link = tag(body, "link");
          const guid = tag(body, "guid") ?? link ?? tag(body, "title");
          return { title: tag(body, "title") ?? "", link, guid, permalink: link ?? guid, pubDate: tag(body, "pubDate") };
        });
      }
      if (/<feed[\s>]/i.test(xml)) {
        return [...xml.matchAll(/<entry\b[^>]*>([\s\S]*?)<\/entry>/gi)].map(([, body]) => {
          const link = atomLink(body);
          const guid = tag(body, "id") ?? link;
          return { title: tag(body, "title") ?? "", link, guid, permalink: link ?? guid, pubDate: tag(body, "updated") ?? tag(body, "published") };
        });
      }
      throw new ConfigurationError(`${this.url} is not an RSS or Atom feed`);
    },
  },
  hooks: {
    async activate() {
      // Checks the URL now, so a wrong one fails the deploy instead of every poll.
      await this.fetchItems();
    },
  },
  async run() {
    const items = await this.fetchItems();
    // Oldest first, so events come out in the feed's order of publication.
    for (const item of items.reverse()) {
      if (!item.guid) continue;
      const ts = item.pubDate ? Date.parse(item.pubDate) : NaN;
      this.$emit(item, { id: item.guid, summary: item.title, ...(Number.isFinite(ts) ? { ts } : {}) });
    }
  },
};
