// Emits every HTTP request sent to its endpoint.
export default {
  name: "New Requests",
  key: "http-new-requests",
  version: "1.0.0",
  description: "Emit each HTTP request sent to this source's endpoint.",
  type: "source",
  props: {
    http: { type: "$.interface.http", customResponse: false },
  },
  async run(event) {
    this.$emit(event, { summary: `${event.method} ${event.path}` });
  },
};
