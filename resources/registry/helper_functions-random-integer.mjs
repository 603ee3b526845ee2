export default {
  name: "Random Integer",
  key: "helper_functions-random-integer",
  version: "1.0.0",
  description: "A random integer between min and max, inclusive.",
  type: "action",
  props: {
    min: { type: "integer", label: "Minimum", default: 0 },
    max: { type: "integer", label: "Maximum", default: 100 },
  },
  async run({ $ }) {
    if (this.max < this.min) throw new Error("max must not be less than min");
    const n = this.min + Math.floor(Math.random() * (this.max - this.min + 1));
    $.export("$summary", `Picked ${n}`);
    return n;
  },
};
