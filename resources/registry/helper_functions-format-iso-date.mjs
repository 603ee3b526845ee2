export default {
  name: "Format ISO Date",
  key: "helper_functions-format-iso-date",
  version: "1.0.0",
  description: "Turn a date (ISO string or epoch ms) into its ISO 8601 form, epoch seconds and parts.",
  type: "action",
  props: {
    date: { type: "string", label: "Date", description: "An ISO 8601 string or epoch milliseconds" },
  },
  async run({ $ }) {
    const d = /^\d+$/.test(this.date) ? new Date(Number(this.date)) : new Date(this.date);
    if (Number.isNaN(d.getTime())) throw new Error(`"${this.date}" is not a date`);
    $.export("$summary", d.toISOString());
    return { iso: d.toISOString(), epoch_seconds: Math.floor(d.getTime() / 1000), year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
  },
};
