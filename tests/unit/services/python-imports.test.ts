// The import report names the modules a Python step imports beyond the standard library: it
// must not name the standard library's own (`__future__`), nor misread `import a; import b`.
import { describe, expect, it } from 'vitest';
import { nonStdlibImports } from '../../../src/main/services/projects/python-imports';

describe('a Python step’s imports beyond the standard library', () => {
  it('are the third-party ones, once each, whatever the statement form', () => {
    const code = [
      'from __future__ import annotations',
      'import os; import requests',
      'import json, pandas as pd  # data',
      'from urllib.parse import urlencode',
      'from numpy.linalg import norm',
      'import requests',
      'def handler(pd: "pipedream"):',
      '    return 1',
    ].join('\n');
    expect(nonStdlibImports(code)).toEqual(['requests', 'pandas', 'numpy']);
  });
});
