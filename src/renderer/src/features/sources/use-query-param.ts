/**
 * A query parameter of the page: from the hash (`#/sources/new?component=x`, what people type and
 * links carry) or else from the URL's own query (where wouter's hash navigation puts it).
 */
export function queryParam(name: string): string | null {
  const inHash = window.location.hash.split('?')[1];
  if (inHash !== undefined) return new URLSearchParams(inHash).get(name);
  return new URLSearchParams(window.location.search).get(name);
}
