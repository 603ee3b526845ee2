// The code editor's table of the component API, read from the hosted service's published types
// (@pipedream/types) with the TypeScript compiler API, so the completions follow the types rather
// than a list written by hand. `node scripts/component-api.mjs` rewrites the committed table;
// tests/unit/renderer/component-api-table.test.ts fails when the table is stale.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);

/** Where the generated table lives (the renderer imports it). */
export const TABLE_PATH = resolve(root, 'src/renderer/src/ui/code-editor/component-api.json');

/** The types' entry file and version, as installed. */
export function typesPackage() {
  const pkgPath = require.resolve('@pipedream/types/package.json', { paths: [root] });
  const pkg = JSON.parse(readFileSync(pkgPath, 'utf8'));
  return { version: pkg.version, dts: resolve(dirname(pkgPath), pkg.types ?? pkg.typings ?? 'dist/index.d.ts') };
}

const flat = (s) => s.replace(/\s+/g, ' ').replace(/;\s*}/g, ' }').trim();

/** The table: `this` in sources and actions, `$` and its groups, the prop types. */
export function extractComponentApi(dtsPath, version) {
  const program = ts.createProgram([dtsPath], { noEmit: true, skipLibCheck: true, types: [] });
  const checker = program.getTypeChecker();
  const sf = program.getSourceFile(dtsPath);
  const decls = new Map();
  for (const s of sf.statements) if (s.name && (ts.isInterfaceDeclaration(s) || ts.isTypeAliasDeclaration(s))) decls.set(s.name.text, s);
  const text = (n) => flat(n.getText(sf));
  const docOf = (node) => {
    const sym = node.name && checker.getSymbolAtLocation(node.name);
    const main = sym ? ts.displayPartsToString(sym.getDocumentationComment(checker)) : '';
    const tags = ts.getJSDocTags(node).map((t) => `@${t.tagName.text}${t.name ? ` ${t.name.getText(sf)}` : ''} ${ts.getTextOfJSDocComment(t.comment) ?? ''}`.trim());
    return [main, ...tags].filter(Boolean).join('\n');
  };
  /** Names of this file's declarations a type node mentions (shown beside a member's signature). */
  const mentions = (node, out = new Set()) => {
    if (ts.isTypeReferenceNode(node) && ts.isIdentifier(node.typeName) && decls.has(node.typeName.text)) out.add(node.typeName.text);
    ts.forEachChild(node, (c) => void mentions(c, out));
    return out;
  };
  /** A member's type as written: `(a: A) => R` for methods and function-typed properties. */
  const typeText = (m) => {
    const fn = ts.isMethodSignature(m) ? m : m.type && ts.isFunctionTypeNode(m.type) ? m.type : null;
    if (fn) return { fn: true, text: `(${fn.parameters.map((p) => text(p)).join(', ')}) => ${fn.type ? text(fn.type) : 'void'}` };
    return { fn: false, text: m.type ? text(m.type) : '' };
  };
  /** A declared type, written out: an interface's members (inherited ones too) with their docs, or an alias's text. */
  const shape = (name) => {
    const d = decls.get(name);
    if (ts.isTypeAliasDeclaration(d)) return { name, text: text(d.type), fields: [] };
    const fields = checker.getPropertiesOfType(checker.getTypeAtLocation(d.name)).map((p) => {
      const m = p.declarations[0];
      return { name: p.name + (m.questionToken ? '?' : ''), type: typeText(m).text, doc: docOf(m) };
    });
    return { name, text: `{ ${fields.map((f) => `${f.name}: ${f.type}`).join('; ')} }`, fields };
  };
  const member = (m) => {
    const { fn, text: signature } = typeText(m);
    return { name: m.name.getText(sf), kind: fn ? 'method' : 'property', signature, doc: docOf(m), see: [...mentions(m)].map(shape) };
  };
  const membersOf = (name) => decls.get(name).members.filter((m) => m.name).map(member);

  // `$`: the Pipedream interface; members typed by another interface of the file are groups.
  const groups = { $: membersOf('Pipedream') };
  for (const m of decls.get('Pipedream').members) {
    if (m.type && ts.isTypeReferenceNode(m.type) && ts.isInterfaceDeclaration(decls.get(m.type.typeName.getText(sf)) ?? sf)) {
      groups[`$.${m.name.getText(sf)}`] = membersOf(m.type.typeName.getText(sf));
      Object.assign(groups.$.find((x) => x.name === m.name.getText(sf)), { kind: 'namespace', see: [] });
    }
  }

  // `this`: the fixed members of `run`'s `this` type (props and methods are the component's own).
  const thisOf = (owner) => {
    const run = decls.get(owner).members.find((m) => m.name?.getText(sf) === 'run');
    const thisParam = run.type.parameters.find((p) => p.name.getText(sf) === 'this');
    const parts = ts.isIntersectionTypeNode(thisParam.type) ? thisParam.type.types : [thisParam.type];
    return parts.flatMap((p) => {
      const d = ts.isTypeReferenceNode(p) && decls.get(p.typeName.getText(sf));
      return d && ts.isTypeAliasDeclaration(d) && ts.isTypeLiteralNode(d.type) ? d.type.members.map(member) : [];
    });
  };
  groups['this.source'] = thisOf('BaseSource');
  const deduped = thisOf('DedupedSource');
  for (const m of groups['this.source']) {
    const d = deduped.find((x) => x.name === m.name);
    if (d && d.signature !== m.signature) Object.assign(m, { dedupeSignature: d.signature, see: [...m.see, ...d.see.filter((x) => !m.see.some((y) => y.name === x.name))] });
  }
  groups['this.action'] = thisOf('Action');

  // Prop types: the `type` literals of every prop interface a source, action or app may declare.
  const propTypes = new Map();
  for (const [owner, where] of [['SourcePropDefinitions', 'source'], ['ActionPropDefinitions', 'action'], ['AppPropDefinitions', 'app']]) {
    const index = decls.get(owner).members.find(ts.isIndexSignatureDeclaration);
    for (const ref of ts.isUnionTypeNode(index.type) ? index.type.types : [index.type]) {
      const iface = ref.typeName.getText(sf);
      const type = checker.getTypeAtLocation(decls.get(iface).name);
      const typeProp = type.getProperty('type');
      if (!typeProp) continue;
      // The literals in the order the types list them (the checker's union order is its own).
      const node = typeProp.declarations[0].type;
      for (const litNode of ts.isUnionTypeNode(node) ? node.types : [node]) {
        if (!ts.isLiteralTypeNode(litNode) || !ts.isStringLiteral(litNode.literal)) continue;
        const lit = { value: litNode.literal.text };
        const fields = shape(iface).fields.filter((f) => f.name !== 'type');
        const known = propTypes.get(lit.value) ?? { name: lit.value, interface: iface, usableIn: [], fields };
        known.usableIn.push(where);
        propTypes.set(lit.value, known);
      }
    }
  }
  return { package: '@pipedream/types', version, groups, propTypes: [...propTypes.values()] };
}

/** The table as committed: stable JSON with a trailing newline. */
export function renderTable(api) {
  return `${JSON.stringify(api, null, 2)}\n`;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { version, dts } = typesPackage();
  writeFileSync(TABLE_PATH, renderTable(extractComponentApi(dts, version)));
  console.log(`wrote ${TABLE_PATH} from @pipedream/types@${version}`);
}
