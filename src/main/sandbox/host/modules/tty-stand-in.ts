// `tty` for components: nothing a component runs in is a terminal, and the real ReadStream and
// WriteStream open any descriptor by number (fd 3 is the runner's channel to the service).
import { refusingClass } from './refusals';

const INSTEAD = 'a component has no terminal; use console.log or process.stdout.write';

/** The frozen `tty` every compartment gets. */
export const TTY_STAND_IN: Readonly<Record<string, unknown>> = Object.freeze({
  isatty: () => false,
  ReadStream: refusingClass('tty.ReadStream', INSTEAD),
  WriteStream: refusingClass('tty.WriteStream', INSTEAD),
});
