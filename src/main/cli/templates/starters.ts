// Starter files written by `runnel init`: each one deploys and runs as it is.

export type StarterKind = 'app' | 'action' | 'source';

export interface StarterOptions {
  db?: boolean;
  http?: boolean;
  timer?: boolean;
}

/** `my-thing` → `My Thing`. */
export function titleOf(name: string): string {
  return name
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join(' ');
}

/** `My Thing` → `my-thing` (a component key). */
export function keyOf(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** The text of a starter component named `name`. */
export function starter(kind: StarterKind, name: string, o: StarterOptions): string {
  if (kind === 'source') return sourceStarter(name, o);
  if (kind === 'action') return actionStarter(name, o);
  return appStarter(name, o);
}

const lines = (...parts: (string | false | undefined)[]) => parts.filter((p): p is string => typeof p === 'string').join('\n') + '\n';

function sourceStarter(name: string, o: StarterOptions): string {
  const timer = o.timer || !o.http;
  const file = `${name}.mjs`;
  return lines(
    `// ${titleOf(name)}: a Runnel source${timer ? ' on a timer' : ''}${o.http ? `${timer ? ' and' : ''} with an HTTP endpoint` : ''}.`,
    `//   runnel deploy ${file}      deploy it and follow its events`,
    `//   runnel dev ${file}         the same, reloading on every save`,
    `//   runnel run ${keyOf(name)}${o.http ? ` --event '{"method":"POST","path":"/","body":{"hi":1}}'` : ''}`,
    `export default {`,
    `  name: ${JSON.stringify(titleOf(name))},`,
    `  key: ${JSON.stringify(keyOf(name))},`,
    `  version: "0.0.1",`,
    `  type: "source",`,
    `  description: "Emits an event ${[timer && 'on each tick', o.http && 'for each HTTP request'].filter(Boolean).join(' and ')}",`,
    `  props: {`,
    timer && `    timer: { type: "$.interface.timer", label: "Schedule", default: { intervalSeconds: 60 } },`,
    o.http && `    http: { type: "$.interface.http", customResponse: true },`,
    o.db && `    db: "$.service.db",`,
    `  },`,
    `  async run(event) {`,
    o.db && `    const count = (this.db.get("count") ?? 0) + 1; // kept across runs, updates and restarts`,
    o.db && `    this.db.set("count", count);`,
    o.http && `    if (event.method) {`,
    o.http && `      // An HTTP request to this source's endpoint: answer it, then emit it.`,
    o.http && `      this.http.respond({ status: 200, body: { received: true${o.db ? ', count' : ''} } });`,
    o.http && `      this.$emit({ method: event.method, path: event.path, body: event.body${o.db ? ', count' : ''} }, { summary: \`\${event.method} \${event.path}\` });`,
    o.http && `      return;`,
    o.http && `    }`,
    timer
      ? `    this.$emit({ timestamp: event.timestamp${o.db ? ', count' : ''} }, { summary: \`tick at \${new Date(event.timestamp * 1000).toISOString()}\` });`
      : `    this.$emit({ event${o.db ? ', count' : ''} }, { summary: "run by hand" });`,
    `  },`,
    `};`,
  );
}

function actionStarter(name: string, o: StarterOptions): string {
  const file = `${name}.mjs`;
  return lines(
    `// ${titleOf(name)}: a Runnel action (a workflow step).`,
    `//   runnel deploy ${file}      deploy it as a one-step workflow (${o.http ? 'HTTP' : 'manual'} trigger)`,
    `//   runnel dev ${file}         the same, reloading on every save`,
    `//   runnel run ${keyOf(name)} --event '{"name":"Ada"}'`,
    `export default {`,
    `  name: ${JSON.stringify(titleOf(name))},`,
    `  key: ${JSON.stringify(keyOf(name))},`,
    `  version: "0.0.1",`,
    `  type: "action",`,
    `  description: "Greets whoever the trigger event names",`,
    `  props: {`,
    `    greeting: { type: "string", label: "Greeting", default: "Hello" },`,
    o.db && `    db: "$.service.db",`,
    `  },`,
    `  async run({ steps, $ }) {`,
    `    const event = steps.trigger.event ?? {};`,
    `    const who = event.name ?? event.body?.name ?? "world";`,
    o.db && `    const runs = (this.db.get("runs") ?? 0) + 1; // kept across runs`,
    o.db && `    this.db.set("runs", runs);`,
    `    const message = \`\${this.greeting}, \${who}!\`;`,
    `    $.export("$summary", message);`,
    o.http && `    // Answer the HTTP request that triggered the run (a run by hand has none to answer).`,
    o.http && `    if (steps.trigger.context.source_type === "http") await $.respond({ status: 200, body: { message${o.db ? ', runs' : ''} } });`,
    `    return { message${o.db ? ', runs' : ''} };`,
    `  },`,
    `};`,
  );
}

function appStarter(name: string, o: StarterOptions): string {
  const app = keyOf(name).replace(/-/g, '_');
  const file = `${name}.mjs`;
  return lines(
    `// ${titleOf(name)}: an app (credentials + methods) and an action that uses it.`,
    `// Connect an account first, then deploy with it:`,
    `//   curl -s $RUNNEL/v1/accounts -H "Authorization: Bearer $KEY" -H 'Content-Type: application/json' \\`,
    `//     -d '{"app": "${app}", "name": "Mine", "auth": {"api_key": "…"}}'`,
    `//   runnel deploy ${file} --prop '${app}={"account_id":"apn_…"}'`,
    `const ${app} = {`,
    `  type: "app",`,
    `  app: "${app}",`,
    `  methods: {`,
    `    // Inside app methods, this.$auth is the connected account's credentials.`,
    `    _baseUrl() {`,
    `      return "https://api.example.com/v1";`,
    `    },`,
    `    _headers() {`,
    `      return { Authorization: \`Bearer \${this.$auth.api_key}\` };`,
    `    },`,
    `    async getItem(id) {`,
    `      // A real app would call its API: fetch(\`\${this._baseUrl()}/items/\${id}\`, { headers: this._headers() })`,
    `      return { id, url: \`\${this._baseUrl()}/items/\${id}\`, authorized: Boolean(this._headers().Authorization) };`,
    `    },`,
    `  },`,
    `};`,
    ``,
    `export default {`,
    `  name: ${JSON.stringify(`${titleOf(name)} Get Item`)},`,
    `  key: ${JSON.stringify(`${app}-get-item`)},`,
    `  version: "0.0.1",`,
    `  type: "action",`,
    `  description: "Reads an item through the ${app} app",`,
    `  props: {`,
    `    ${app},`,
    `    itemId: { type: "string", label: "Item id", default: "1" },`,
    o.db && `    db: "$.service.db",`,
    `  },`,
    `  async run({ steps, $ }) {`,
    `    const item = await this.${app}.getItem(this.itemId);`,
    o.db && `    this.db.set("last", item.id);`,
    `    $.export("$summary", \`Got item \${item.id}\`);`,
    o.http && `    if (steps.trigger.context.source_type === "http") await $.respond({ status: 200, body: item });`,
    `    return item;`,
    `  },`,
    `};`,
  );
}
