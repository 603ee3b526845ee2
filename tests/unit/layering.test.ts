import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/** Every module a built entry reaches through relative imports, with its bare imports. */
function walk(entry: string): { files: Set<string>; bare: Set<string> } {
  const files = new Set<string>();
  const bare = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)|import\s*['"]([^'"]+)['"]/g)) {
      const spec = m[1] ?? m[2] ?? m[3];
      if (spec.startsWith('.')) visit(resolve(dirname(file), spec));
      else bare.add(spec);
    }
  };
  visit(entry);
  return { files, bare };
}

describe('layering', () => {
  it.each(['out/main/cli.js', 'out/main/runner.js'])('the headless bundle %s never imports electron', (entry) => {
    expect(existsSync(entry), `${entry} is built by npm run build`).toBe(true);
    const { bare, files } = walk(resolve(entry));
    expect(files.size).toBeGreaterThan(0);
    expect([...bare].filter((b) => b === 'electron' || b.startsWith('electron/'))).toEqual([]);
  });

  it('the Electron entry does import electron (so the walk above can see it)', () => {
    expect(walk(resolve('out/main/index.js')).bare.has('electron')).toBe(true);
  });

  it('lint refuses electron, or an upward import, where the layering forbids it', async () => {
    const eslint = new ESLint();
    const [electronInRuntime] = await eslint.lintText("import { app } from 'electron';\nexport const x = app;\n", {
      filePath: resolve('src/main/runtime/violation.ts'),
    });
    expect(electronInRuntime.messages.map((m) => m.message).join('\n')).toMatch(/'electron' may be imported only/);
    const [storeImportsRuntime] = await eslint.lintText("import { SourceRuntime } from '../runtime/source-runtime';\nexport type X = SourceRuntime;\n", {
      filePath: resolve('src/main/store/violation.ts'),
    });
    expect(storeImportsRuntime.messages.map((m) => m.message).join('\n')).toMatch(/must not import/);
    const [engineImportsRuntime] = await eslint.lintText("import type { SourceRuntime } from '../../runtime/source-runtime';\nexport type X = SourceRuntime;\n", {
      filePath: resolve('src/main/engine/triggers/violation.ts'),
    });
    expect(engineImportsRuntime.messages.map((m) => m.message).join('\n')).toMatch(/The engine knows nothing about HTTP, the kinds/);
    const [engineImportsStore] = await eslint.lintText("import type { EventStore } from '../../store/event-store';\nexport type X = EventStore;\n", {
      filePath: resolve('src/main/engine/invocation/violation.ts'),
    });
    expect(engineImportsStore.messages.map((m) => m.message).join('\n')).toMatch(/never the store that implements them/);
    const [storeImplementsPort] = await eslint.lintText("import type { EventLog } from '../engine/ports/event-log';\nexport type X = EventLog;\n", {
      filePath: resolve('src/main/store/fine.ts'),
    });
    expect(storeImplementsPort.messages).toEqual([]);
    const [serverImportsRuntime] = await eslint.lintText("import type { SourceRuntime } from '../runtime/source-runtime';\nexport type X = SourceRuntime;\n", {
      filePath: resolve('src/main/server/violation.ts'),
    });
    expect(serverImportsRuntime.messages.map((m) => m.message).join('\n')).toMatch(/server\/ adapts HTTP to the services/);
    const [serverImportsStore] = await eslint.lintText("import type { EventStore } from '../../store/event-store';\nexport type X = EventStore;\n", {
      filePath: resolve('src/main/server/routes/violation.ts'),
    });
    expect(serverImportsStore.messages.map((m) => m.message).join('\n')).toMatch(/server\/ adapts HTTP to the services/);
    const [serverUsesServices] = await eslint.lintText(
      "import type { SourcesService } from '../services/sources-service';\nimport type { HttpDelivery } from '../domain/http';\nexport type X = [SourcesService, HttpDelivery];\n",
      { filePath: resolve('src/main/server/fine.ts') },
    );
    expect(serverUsesServices.messages).toEqual([]);
    const [domainImportsStore] = await eslint.lintText("import type { SourceDoc } from '../store/document-types';\nexport type X = SourceDoc;\n", {
      filePath: resolve('src/main/domain/violation.ts'),
    });
    expect(domainImportsStore.messages.map((m) => m.message).join('\n')).toMatch(/domain\/ holds plain types/);
    const [fine] = await eslint.lintText("import { app } from 'electron';\nexport const x = app;\n", { filePath: resolve('src/main/app/fine.ts') });
    expect(fine.messages).toEqual([]);
  });
});
