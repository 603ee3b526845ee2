import { tokenizer, tokTypes, type Token } from 'acorn';

/**
 * SES refuses any source text containing `<!--` or `-->` (HTML-like comments), even inside
 * strings, and XML and feed libraries have them in string and regex literals. This rewrites
 * just those spots without changing what the code does: inside strings and templates `\!` and
 * `\>` are plain escapes; inside regexes `[!]` and `[-]` match the same characters (also with
 * the `u` flag); in comments the text is defused. Code outside literals cannot contain them
 * in esbuild's output.
 */
export function escapeHtmlComments(code: string): string {
  if (!code.includes('<!--') && !code.includes('-->')) return code;
  const edits: { start: number; end: number; kind: 'string' | 'regexp' | 'comment' }[] = [];
  const onComment = (_block: boolean, _text: string, start: number, end: number) => edits.push({ start, end, kind: 'comment' });
  const tokens = tokenizer(code, { ecmaVersion: 'latest', sourceType: 'script', allowHashBang: true, allowReturnOutsideFunction: true, onComment });
  for (const t of tokens as Iterable<Token>) {
    if (t.type === tokTypes.string || t.type === tokTypes.template) edits.push({ start: t.start, end: t.end, kind: 'string' });
    else if (t.type === tokTypes.regexp) edits.push({ start: t.start, end: t.end, kind: 'regexp' });
  }
  edits.sort((a, b) => a.start - b.start);
  let out = '';
  let at = 0;
  for (const e of edits) {
    const text = code.slice(e.start, e.end);
    if (!text.includes('<!--') && !text.includes('-->')) continue;
    out += code.slice(at, e.start) + rewrite(text, e.kind);
    at = e.end;
  }
  return out + code.slice(at);
}

function rewrite(text: string, kind: 'string' | 'regexp' | 'comment'): string {
  if (kind === 'string') return text.replaceAll('<!--', '<\\!--').replaceAll('-->', '--\\>');
  if (kind === 'regexp') return text.replaceAll('<!--', '<[!]--').replaceAll('-->', '-[-]>');
  return text.replaceAll('<!--', '< !--').replaceAll('-->', '-- >');
}
