/** A refusal the client should see: a message key (translated by the UI) and an HTTP status. */
export class DomainError extends Error {
  constructor(
    readonly code: string,
    readonly status: number,
    message?: string,
    readonly value?: Record<string, unknown>,
  ) {
    super(message ?? code);
    this.name = 'DomainError';
  }
}

export const notFound = (what = 'not_found') => new DomainError(what, 404, 'Not found');
