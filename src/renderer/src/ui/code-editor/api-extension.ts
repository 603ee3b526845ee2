import type { CompletionContext, CompletionResult } from '@codemirror/autocomplete';
import { javascriptLanguage } from '@codemirror/lang-javascript';
import { syntaxTree } from '@codemirror/language';
import type { Extension } from '@codemirror/state';
import { EditorView, hoverTooltip } from '@codemirror/view';
import { completeApi, describeAt, type EditorApiContext } from './complete-api';

const theme = EditorView.baseTheme({
  // Signatures, docs and JSON keep their line breaks and indentation.
  '.cm-api-doc': { whiteSpace: 'pre-wrap', fontFamily: 'var(--mono)', fontSize: '11.5px', maxWidth: '520px', lineHeight: '1.45' },
  '.cm-tooltip-hover .cm-api-doc': { padding: '6px 8px' },
  '.cm-completionDetail': { fontFamily: 'var(--mono)' },
  // One Dark marks the chosen option barely lighter than the list: make it plain to see
  // (one class more than One Dark's own rule, so it wins whatever the order).
  '&dark .cm-tooltip.cm-tooltip-autocomplete > ul > li[aria-selected]': { backgroundColor: '#2f5288', color: '#fff' },
});

/** The text of a signature or doc, as a block that keeps its layout; the first line (the signature) in bold. */
function docNode(text: string): HTMLElement {
  const dom = document.createElement('div');
  dom.className = 'cm-api-doc';
  const [head, ...rest] = text.split('\n');
  const strong = document.createElement('strong');
  strong.textContent = head;
  dom.append(strong, rest.length ? `\n${rest.join('\n')}` : '');
  return dom;
}

/**
 * The component API in the editor: completions (this., $., steps.<name>., prop types) and a
 * hover with the signature and doc. `context()` is read at each request, so props can change it.
 */
export function componentApi(context: () => EditorApiContext | undefined): Extension {
  const source = (cx: CompletionContext): CompletionResult | null => {
    const ctx = context();
    if (!ctx) return null;
    const found = completeApi(cx.state.doc.toString(), cx.pos, ctx, syntaxTree(cx.state));
    return found && { ...found, options: found.options.map((o) => ({ ...o, info: () => docNode(o.info) })) };
  };
  const hover = hoverTooltip((view, pos) => {
    const ctx = context();
    const found = ctx && describeAt(view.state.doc.toString(), pos, ctx);
    if (!found) return null;
    return {
      pos: found.from,
      end: found.to,
      above: true,
      create: () => ({ dom: docNode(found.info) }),
    };
  });
  return [javascriptLanguage.data.of({ autocomplete: source }), hover, theme];
}
