import { javascriptLanguage } from '@codemirror/lang-javascript';
import type { SyntaxNode, Tree } from '@lezer/common';

/** A prop the component declares: its name, its type when written as a literal, an inline app's methods. */
export interface ScannedProp {
  name: string;
  type?: string;
  /** `methods` of an app prop defined in place (`{ type: "app", app: "x", methods: { … } }`). */
  appMethods: ScannedMethod[];
}

export interface ScannedMethod {
  name: string;
  /** The parameter list as written, e.g. `(owner, repo)`. */
  params: string;
}

/** What the editor's text declares: its kind, props and methods (what `this.` holds besides the API). */
export interface ScannedComponent {
  type?: string;
  props: ScannedProp[];
  methods: ScannedMethod[];
}

/**
 * Reads the component object in `text` (the first object literal with `props`, `run` or
 * `methods` at its top) from CodeMirror's JavaScript syntax tree, which copes with unfinished code.
 */
export function scanComponent(text: string, tree: Tree = javascriptLanguage.parser.parse(text)): ScannedComponent {
  const read = (n: SyntaxNode) => text.slice(n.from, n.to);
  const keyOf = (prop: SyntaxNode) => {
    const k = prop.getChild('PropertyDefinition') ?? prop.getChild('String');
    return k ? read(k).replace(/^["'`]|["'`]$/g, '') : undefined;
  };
  const entries = (obj: SyntaxNode) => obj.getChildren('Property').map((p) => ({ key: keyOf(p), node: p }));
  const valueOf = (prop: SyntaxNode) => prop.lastChild;
  const stringValue = (n: SyntaxNode | null) => (n?.name === 'String' ? read(n).slice(1, -1) : undefined);
  const field = (obj: SyntaxNode, name: string) => entries(obj).find((e) => e.key === name)?.node;
  const methodsOf = (obj: SyntaxNode | null | undefined): ScannedMethod[] =>
    obj?.name === 'ObjectExpression'
      ? entries(obj).flatMap(({ key, node }) => {
          if (!key) return [];
          const params = node.getChild('ParamList') ?? valueOf(node)?.getChild('ParamList');
          return [{ name: key, params: params ? read(params).replace(/\s+/g, ' ') : '' }];
        })
      : [];

  let component: SyntaxNode | undefined;
  tree.iterate({
    enter: (n) => {
      if (component) return false;
      if (n.name === 'ObjectExpression' && entries(n.node).some((e) => e.key === 'props' || e.key === 'run' || e.key === 'methods')) {
        component = n.node;
        return false;
      }
      return undefined;
    },
  });
  if (!component) return { props: [], methods: [] };

  const props: ScannedProp[] = [];
  const propsObj = field(component, 'props') && valueOf(field(component, 'props')!);
  if (propsObj?.name === 'ObjectExpression') {
    for (const { key, node } of entries(propsObj)) {
      if (!key) continue;
      const v = valueOf(node);
      if (v?.name === 'ObjectExpression') {
        const t = field(v, 'type');
        const m = field(v, 'methods');
        props.push({ name: key, type: t ? stringValue(valueOf(t)) : undefined, appMethods: m ? methodsOf(valueOf(m)) : [] });
      } else {
        props.push({ name: key, type: stringValue(v), appMethods: [] });
      }
    }
  }
  const typeField = field(component, 'type');
  const methodsField = field(component, 'methods');
  return { type: typeField ? stringValue(valueOf(typeField)) : undefined, props, methods: methodsField ? methodsOf(valueOf(methodsField)) : [] };
}
