// The `$auth` of an app prop that has no connected account. Apps that need no credentials
// (hacker_news, rss, ...) never read it and work; code that does read a credential field gets an
// error that names the prop and how to connect an account, instead of `undefined` flowing into an
// API call. Which apps need credentials is not something a component's code says, so the read
// decides, not a list of apps.

/** Reads that are feature checks of libraries and serializers, never credentials. */
const NOT_CREDENTIALS = new Set(['toJSON', 'then', 'inspect', 'constructor']);

/** An empty `$auth` whose reads of a missing field throw a `Runnel: ...` error naming the prop. */
export function unconnectedAuth(prop: string, app: string): Record<string, unknown> {
  return new Proxy({} as Record<string, unknown>, {
    get(target, key, receiver) {
      if (typeof key === 'symbol' || key in target || NOT_CREDENTIALS.has(key)) return Reflect.get(target, key, receiver);
      throw new Error(
        `Runnel: this.${prop}.$auth.${key} is not set: prop "${prop}" has no connected ${app} account. ` +
          `Connect one (the Accounts page, or POST /v1/accounts {"app": "${app}", "auth": {...}}) and configure the prop with {"account_id": "apn_…"}; ` +
          `an imported account slot is filled once on the Accounts page or with PUT /v1/accounts/apn_… {"auth": {...}}`,
      );
    },
  });
}
