// The service's OpenAPI document, which the reference page renders. It is the same for every
// network and changes only when the service is deployed again, so it is read once per visit.
import { queryOptions } from '@tanstack/react-query';
import { getDocument } from '../../../lib/api-client';
import type { OpenApiDocument } from './openapi-types';

/** Where the service publishes its OpenAPI document. */
export const OPENAPI_PATH = '/xn/rest/openapi.json';

export const apiReferenceQueries = {
  all: () => ['apiReference'] as const,
  document: () =>
    queryOptions({
      queryKey: [...apiReferenceQueries.all(), 'document'] as const,
      queryFn: ({ signal }) => getDocument<OpenApiDocument>(OPENAPI_PATH, signal),
      staleTime: Infinity,
    }),
};
