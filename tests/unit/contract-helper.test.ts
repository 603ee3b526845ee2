import { describe, expect, test } from 'vitest';
import { contractProblem } from '../helpers/contract';

// The integration suite relies on this check failing on drift; these cases prove that it does.
describe('contractProblem (tests/helpers/contract.ts)', () => {
  const settings = { default_timeout_seconds: 30, event_retention: 100, memory_cap_mb: 256, source_queue_length: 100 };

  test('accepts an answer that matches the document', () => {
    expect(contractProblem('GET', 'http://h/v1/settings', 200, { data: settings })).toBeNull();
    expect(contractProblem('GET', 'http://h/v1/nope', 404, { error: { code: 'not_found', message: 'No such route' } })).toBeNull();
  });

  test('refuses a missing field, a wrong type and an unknown field', () => {
    const { memory_cap_mb: _, ...missing } = settings;
    expect(contractProblem('GET', 'http://h/v1/settings', 200, { data: missing })).toMatch(/does not match/);
    expect(contractProblem('GET', 'http://h/v1/settings', 200, { data: { ...settings, event_retention: '100' } })).toMatch(/does not match/);
    expect(contractProblem('GET', 'http://h/v1/settings', 200, { data: { ...settings, extra: 1 } })).toMatch(/does not match/);
  });

  test('refuses a status the operation does not declare, and an error body of the wrong shape', () => {
    expect(contractProblem('GET', 'http://h/v1/settings', 422, { error: { code: 'x', message: 'y' } })).toMatch(/not declared/);
    expect(contractProblem('GET', 'http://h/v1/sources/dc_1', 404, { message: 'gone' })).toMatch(/does not match/);
  });

  test('prefers a literal path over a template: /v1/components/registry is the registry list', () => {
    expect(contractProblem('GET', 'http://h/v1/components/registry', 200, { data: [] })).toBeNull();
  });
});
