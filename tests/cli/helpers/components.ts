import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from '../../helpers/temp-dir';

/** A temp folder with component files for CLI tests; returns the folder. */
export function componentDir(files: Record<string, string>): string {
  const dir = tempDir('runnel-cli-');
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

/** A source that needs a `who` prop; its greeting comes from a local import (bundled by the CLI). */
export const GREETER = `import { greet } from './lib.mjs';
export default {
  name: "Greeter", key: "cli-greeter", version: "0.0.1", type: "source",
  props: { who: { type: "string" }, n: { type: "integer", default: 1 }, obj: { type: "object", optional: true } },
  async run(event) {
    console.log("greeting " + this.who);
    if (event && event.fail) throw new Error("asked to fail");
    this.$emit({ hi: greet(this.who), n: this.n, obj: this.obj ?? null, event }, { summary: "hi " + this.who });
  },
};
`;
export const LIB = `export const greet = (who) => "Hello, " + who;\n`;

export const HOOK = `export default {
  name: "Hook", version: "0.0.1", type: "source",
  props: { http: "$.interface.http" },
  async run(event) { this.$emit({ body: event.body }, { summary: event.method + " " + event.path }); },
};
`;

export const ADDER = `export default {
  name: "Adder", key: "cli-adder", version: "0.0.1", type: "action",
  props: { a: { type: "integer", default: 1 } },
  async run({ steps, $ }) { console.log("adding"); $.export("seen", steps.trigger.event); return this.a + (steps.trigger.event.b ?? 0); },
};
`;
