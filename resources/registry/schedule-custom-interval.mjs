// Emits an event on a schedule. It has no run(): the platform emits the timer event itself.
export default {
  name: "Custom Interval",
  key: "schedule-custom-interval",
  version: "1.0.0",
  description: "Emit an event at a regular interval or on a cron schedule.",
  type: "source",
  props: {
    timer: { type: "$.interface.timer", label: "Schedule", default: { intervalSeconds: 3600 } },
  },
};
