/**
 * A refusal the Remote Control API reports as `{errorMessage}` with Unreal's status code. Scene functions throw it
 * for anything a caller can get wrong, so a bad call is never a silent success.
 */
export class EngineError extends Error {
  constructor(
    message: string,
    readonly status = 400,
  ) {
    super(message);
    this.name = 'EngineError';
  }
}
