import { describe, expect, it } from 'vitest';
import { escapeHtmlComments } from '../../../src/main/runtime/packages/html-comment-escape';

describe('escapeHtmlComments', () => {
  it('rewrites strings, templates, regexes and comments so they mean the same', () => {
    const code = [
      'const a = "<!-- x -->";',
      "const b = '-->';",
      'const c = `start<!--${1 + 1}-->end`;',
      'const r = /<!--([\\s\\S]*?)-->/;',
      'const u = /<!--/u;',
      '// a comment with <!-- and -->',
      'let i = 3; i-- > 0;',
      'module.exports = { a, b, c, r, u, m: r.exec("x<!--hi-->y")[1], um: u.test("<!--") };',
    ].join('\n');
    const out = escapeHtmlComments(code);
    expect(out).not.toMatch(/<!--|-->/);
    const mod = { exports: {} as Record<string, unknown> };
    new Function('module', out)(mod);
    expect(mod.exports).toMatchObject({ a: '<!-- x -->', b: '-->', c: 'start<!--2-->end', m: 'hi', um: true });
  });
  it('leaves code without them untouched', () => {
    expect(escapeHtmlComments('const x = 1;')).toBe('const x = 1;');
  });
});
