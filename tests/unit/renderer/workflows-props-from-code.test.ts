import { describe, expect, it } from 'vitest';
import { propsFromCode } from '../../../src/renderer/src/features/workflows/props-from-code';

describe('props read from an inline step', () => {
  it('reads names, types and labels of the props object', () => {
    const code = `export default defineComponent({
      props: {
        n: { type: "integer", label: "A number" },
        "quoted-name": { type: 'string', optional: true, description: "with, a comma { and brace" },
        db: "$.service.db",
        list: { type: "string[]", default: ["a", "b"] },
      },
      async run({ steps, $ }) { return { props: { fake: 1 } } }
    })`;
    expect(propsFromCode(code)).toEqual([
      { name: 'n', type: 'integer', label: 'A number' },
      { name: 'quoted-name', type: 'string', optional: true, description: 'with, a comma { and brace' },
      { name: 'db', type: '$.service.db' },
      { name: 'list', type: 'string[]', default: ['a', 'b'] },
    ]);
  });

  it('finds nothing in code without props, with empty props or that does not close', () => {
    expect(propsFromCode('export default defineComponent({ async run() { return 1 } })')).toEqual([]);
    expect(propsFromCode('export default defineComponent({ props: {}, async run() {} })')).toEqual([]);
    expect(propsFromCode('export default { props: { a: { type: "string" ')).toEqual([]);
  });

  it('reads a literal default, so the field shows it (issue 18, item 8: `default: 350` showed an empty field)', () => {
    const code = `export default defineComponent({ props: {
      width: { type: "integer", default: 350 },
      name: { type: "string", default: "Ada" },
      on: { type: "boolean", default: false },
      tags: { type: "string[]", default: ["a", "b"] },
      computed: { type: "integer", default: 2 * 3 },
    }, async run() {} })`;
    expect(propsFromCode(code).map((p) => [p.name, p.default])).toEqual([
      ['width', 350],
      ['name', 'Ada'],
      ['on', false],
      ['tags', ['a', 'b']],
      ['computed', null],
    ]);
  });
});
