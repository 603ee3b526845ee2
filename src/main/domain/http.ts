// Plain types of the HTTP trigger, shared by the runtime (which produces them), the services
// and the server (which maps them to the wire). No code, no imports: any layer may use them.

/** What an HTTP request is made of, as the webhook ingress read it. */
export interface HttpRequestFacts {
  method: string;
  /** The full URL the request was made to (webhook path and query included). */
  url: URL;
  /** What follows `/e/<token>`: the path a component sees. */
  path: string;
  /** Lower-case names; repeated headers joined by `, `. */
  headers: Record<string, string>;
  bodyRaw: string;
  clientIp: string;
}

/** An HTTP request as the webhook ingress hands it over (the `run(event)` argument). */
export type HttpEvent = Record<string, unknown>;

/** The answer a component gave with respond() / $.respond (the sandbox's HttpResponseSpec). */
export interface HttpAnswer {
  status: number;
  headers?: Record<string, string>;
  /** Strings and objects as given; a Buffer/Uint8Array arrives as a Uint8Array. */
  body?: unknown;
}

/** What became of a webhook request. */
export type HttpDelivery = { kind: 'accepted' } | { kind: 'response'; response: HttpAnswer };
