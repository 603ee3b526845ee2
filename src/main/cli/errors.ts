/** An error the CLI reports as one line on stderr with a non-zero exit (no stack). */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
    /** The API's error code, when the service refused the request. */
    readonly code?: string,
  ) {
    super(message);
  }
}
