// `propDefinition: [app, "name", inputValues?]` (spec 2.9): a prop borrows its definition from
// an app's `propDefinitions`, and the prop's own attributes override what it borrows.

type Def = Record<string, unknown>;

export interface ResolvedDefinition {
  def: Def;
  /** The app object the definition comes from. */
  app?: Def;
  /** Extra arguments for its options(): an object, or a function of the configured props. */
  inputValues?: unknown;
}

export function resolvePropDefinition(raw: unknown): ResolvedDefinition {
  const def = (typeof raw === 'object' && raw !== null ? raw : {}) as Def;
  const pd = def.propDefinition;
  if (!Array.isArray(pd)) return { def };
  const [app, name, inputValues] = pd as [Def | undefined, unknown, unknown];
  const borrowed = app && typeof app === 'object' && typeof name === 'string' ? (app.propDefinitions as Def | undefined)?.[name] : undefined;
  if (!borrowed || typeof borrowed !== 'object') return { def };
  const own = Object.fromEntries(Object.entries(def).filter(([k]) => k !== 'propDefinition'));
  return { def: { ...(borrowed as Def), ...own, propDefinition: pd }, app, inputValues };
}
