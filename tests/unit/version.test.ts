import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { VERSION } from '../../src/shared/version';

test('the version the service reports is the package version', () => {
  expect(VERSION).toBe(JSON.parse(readFileSync('package.json', 'utf8')).version);
});
