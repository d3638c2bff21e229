/**
 * A failure the client of a dependency knows to be the dependency's, not the caller's: it did not answer within its
 * bound, or something other than the service answered (a proxy's error page, an HTTP error status). Thrown where the
 * client is built, so `isDependencyDown` recognises it by type instead of guessing from messages (answered 503).
 */
export class DependencyDownError extends Error {
  override readonly name = "DependencyDownError";
  readonly dependency: string;

  constructor(dependency: string, message: string, options: { cause?: unknown } = {}) {
    super(`${dependency}: ${message}`, { cause: options.cause });
    this.dependency = dependency;
  }
}
