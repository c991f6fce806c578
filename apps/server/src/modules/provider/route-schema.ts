import { errorBody } from '@panalo/contract/common';

/** What every provider route may refuse with, as its OpenAPI answers. */
export const PROVIDER_ERRORS = {
  400: errorBody,
  401: errorBody,
  403: errorBody,
  404: errorBody,
  409: errorBody,
  429: errorBody,
};
/** The provider routes' OpenAPI tag. */
export const PROVIDER_TAGS = ['provider'];
