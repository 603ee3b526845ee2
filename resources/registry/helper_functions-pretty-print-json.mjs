export default {
  name: "Pretty Print JSON",
  key: "helper_functions-pretty-print-json",
  version: "1.0.0",
  description: "Format any value as indented JSON.",
  type: "action",
  props: {
    value: { type: "any", label: "Value" },
    indent: { type: "integer", label: "Indent", min: 0, max: 8, default: 2, optional: true },
  },
  async run({ $ }) {
    const text = JSON.stringify(this.value, null, this.indent ?? 2);
    $.export("$summary", `Formatted ${text.length} characters`);
    return text;
  },
};
