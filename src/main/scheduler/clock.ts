/** The time source every scheduler and store uses; tests and the virtual clock replace it. */
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };
