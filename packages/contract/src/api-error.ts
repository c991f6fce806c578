// Zod-free: the member site and the operator console both throw this for a refused API call.

/** A refusal from the API: `code` is the message key (translated as errors.<code>). */
export class ApiError extends Error {
  constructor(
    readonly code: string,
    readonly status: number,
    message: string,
    readonly value?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}
