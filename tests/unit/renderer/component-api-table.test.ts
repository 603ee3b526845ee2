import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ESM script (no types); the test runs it as the build would.
import { extractComponentApi, renderTable, TABLE_PATH, typesPackage } from '../../../scripts/component-api.mjs';
import { membersOf, memberInfo, propTypes, TYPES_VERSION } from '../../../src/renderer/src/ui/code-editor/api-table';

describe("the editor's component API table, generated from @pipedream/types (issue 18, editor)", () => {
  it('is current: regenerating it from the installed types gives the committed file', () => {
    const { version, dts } = typesPackage();
    const fresh = renderTable(extractComponentApi(dts, version));
    // Stale after a types update: run `node scripts/component-api.mjs` and commit the table.
    expect(readFileSync(TABLE_PATH, 'utf8')).toBe(fresh);
    expect(TYPES_VERSION).toBe(version);
  });

  it('has this.$emit, $.export, $.respond and $.flow.exit with the signatures and docs the types give', () => {
    const emit = membersOf('this.source').find((m) => m.name === '$emit');
    expect(emit?.signature).toBe('(event: JSONValue, metadata?: EmitMetadata) => Promise<void>');
    // Under a dedupe strategy the types require an id.
    expect(emit?.dedupeSignature).toBe('(event: JSONValue, metadata: IdEmitMetadata) => Promise<void>');
    expect(emit?.see.find((s) => s.name === 'EmitMetadata')?.text).toBe('{ id?: string | number; name?: string; summary?: string; ts?: number }');
    // Actions (and so workflow steps) cannot emit, in the types as in Runnel.
    expect(membersOf('this.action').map((m) => m.name)).not.toContain('$emit');

    const $ = membersOf('$');
    expect($.find((m) => m.name === 'export')?.signature).toBe('(key: string, value: JSONValue) => void');
    const respond = $.find((m) => m.name === 'respond')!;
    expect(respond.signature).toBe('(response: HTTPResponse) => Promise<any> | void');
    expect(respond.doc).toContain('Respond to an HTTP interface.');
    expect(respond.doc).toContain('@param response Define the status and body of the request.');
    // The HTTPResponse fields' own docs come along.
    expect(memberInfo('$', respond)).toContain('immediate?: If true, issue the response when the promise returned is resolved');
    expect(membersOf('$.flow').find((m) => m.name === 'exit')?.signature).toBe('(reason: string) => void');
    expect(membersOf('$.flow').map((m) => m.name)).toEqual(expect.arrayContaining(['exit', 'delay', 'suspend', 'rerun']));
    expect(membersOf('$.send').map((m) => m.name)).toEqual(['http', 'email', 'emit', 's3', 'sse']);
  });

  it("keeps Runnel's additions apart and marked: $.context, and notes on members the types define", () => {
    const context = membersOf('$').find((m) => m.name === 'context');
    expect(context?.origin).toBe('runnel');
    expect(membersOf('$').find((m) => m.name === 'export')?.origin).toBe('types');
    expect(memberInfo('$.flow', membersOf('$.flow').find((m) => m.name === 'exit')!)).toMatch(/Runnel: Ends the run here[\s\S]*From @pipedream\/types 0\.3\.4\./);
  });

  it('lists the prop types from the types, in their order, with where each may be used', () => {
    const names = propTypes().map((p) => p.name);
    expect(names).toEqual(expect.arrayContaining(['string', 'integer', 'boolean', 'string[]', 'app', '$.interface.http', '$.interface.timer', '$.service.db', 'data_store', 'http_request']));
    expect(propTypes().find((p) => p.name === 'data_store')?.info).toContain('DataStoreProp (action props)');
    expect(propTypes().find((p) => p.name === 'sql')?.origin).toBe('runnel');
  });
});
