import fp from 'fastify-plugin';
import type { FastifyError } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ErrorBody } from '@panalo/contract/common';
import { DomainError } from '../lib/domain-error';
import { databaseBusy, isRetryable, RETRY_AFTER_SECONDS } from '../db/transaction';

// Fastify's own 4xx errors mapped to the message keys the UI translates.
const fastifyCodes: Record<string, string> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
  FST_ERR_CTP_BODY_TOO_LARGE: 'payload_too_large',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'validation_failed',
  FST_ERR_CTP_INVALID_JSON_BODY: 'validation_failed',
  FST_ERR_VALIDATION: 'validation_failed',
};

/** One error handler: domain errors and 4xx keep their key; anything else is a 500 that leaks nothing. */
export default fp(
  async (app) => {
    app.setErrorHandler((err: FastifyError, request, reply) => {
      const requestId = request.id;
      // A deadlock or serialization failure outside the transaction helper (which retries them): the
      // work was rolled back whole, and the client may send it again — a 503, never a 500.
      if (isRetryable(err)) {
        request.log.warn({ err }, 'database asked for a retry outside the transaction helper');
        err = databaseBusy();
      }
      if (err instanceof DomainError) {
        if (err.status === 503) reply.header('retry-after', String(RETRY_AFTER_SECONDS));
        const body: ErrorBody = { success: false, code: err.code, message: err.message, requestId };
        if (err.value) body.value = err.value;
        return reply.status(err.status).send(body);
      }
      if (hasZodFastifySchemaValidationErrors(err)) {
        const issues = err.validation.map((v) => ({
          path: `${err.validationContext ?? ''}${v.instancePath}`,
          code: String(
            v.params?.issue && typeof v.params.issue === 'object' && 'code' in v.params.issue
              ? v.params.issue.code
              : v.keyword,
          ),
        }));
        const body: ErrorBody = {
          success: false,
          code: 'validation_failed',
          message: 'Invalid request',
          requestId,
          issues,
        };
        return reply.status(400).send(body);
      }
      if (isResponseSerializationError(err)) {
        request.log.error({ err, issues: err.cause.issues }, 'response did not match its schema');
      } else if (err.statusCode !== undefined && err.statusCode >= 400 && err.statusCode < 500) {
        const code =
          (err.code && fastifyCodes[err.code]) ?? (err.statusCode === 429 ? 'rate_limited' : 'bad_request');
        const body: ErrorBody = { success: false, code, message: err.message, requestId };
        return reply.status(err.statusCode).send(body);
      } else {
        request.log.error({ err }, 'unhandled error');
      }
      const body: ErrorBody = { success: false, code: 'unknown_error', message: 'Unknown error', requestId };
      return reply.status(500).send(body);
    });
  },
  { name: 'errors' },
);
