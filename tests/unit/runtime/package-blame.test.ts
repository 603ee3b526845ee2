import { describe, expect, it } from 'vitest';
import { packageAt } from '../../../src/main/runtime/packages/package-blame';

const bundle = [
  '"use strict";',
  '// ../../data/packages/sets/ab12/node_modules/left-pad/index.js',
  'var pad = 1;',
  '// ../../data/packages/sets/ab12/node_modules/@scope/tool/lib/a.js',
  'function boom() { Object.prototype.x = 1; }',
  '// component.mjs',
  'var own = 2;',
].join('\n');

describe('packageAt', () => {
  it('names the bundled package a stack frame points into', () => {
    expect(packageAt(bundle, 'TypeError: no\n  at boom (component.js:5:20)')).toBe('@scope/tool');
    expect(packageAt(bundle, 'TypeError: no\n  at x (component.js:3:1)')).toBe('left-pad');
  });
  it('names the package of a stack mapped through the source map', () => {
    expect(packageAt(bundle, 'TypeError: no\n    at boom (node_modules/@scope/tool/lib/a.js:1:20)\n    at run (component.mjs:3:1)')).toBe('@scope/tool');
    expect(packageAt(bundle, 'TypeError: no\n    at x (node_modules/left-pad/index.js:3:1)')).toBe('left-pad');
    expect(packageAt(bundle, 'TypeError: no\n    at run (component.mjs:3:1)\n    at x (node_modules/left-pad/index.js:3:1)')).toBeUndefined();
  });
  it('blames nobody for the component’s own code or an unreadable stack', () => {
    expect(packageAt(bundle, 'Error\n  at y (component.js:7:1)')).toBeUndefined();
    expect(packageAt(bundle, undefined)).toBeUndefined();
    expect(packageAt(bundle, 'Error\n  at somewhere (other.js:1:1)')).toBeUndefined();
  });
});
