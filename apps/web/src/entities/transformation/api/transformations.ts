import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  MAX_PAGE_SIZE,
  transformationContracts,
  type GeneratorRequest,
  type Transformation,
  type TransformationInput,
  type TransformationTestRequest,
} from '@pillar/domain';
import { callApi } from '../../../shared/api/call-api.ts';
import { transformationKeys } from '../query-keys.ts';

/**
 * The page lists the library alphabetically beside the form (spec 3 §2): the largest page the
 * paging path allows; past it the page asks for a narrower search (decision 0121).
 */
const LIST_LIMIT = MAX_PAGE_SIZE;

/** GET /datamapping/v1/transformations: alphabetical, filtered by name or description. */
export function useTransformations(search: string, enabled = true) {
  return useQuery({
    enabled,
    queryKey: transformationKeys.list(search),
    queryFn: ({ signal }) =>
      callApi(transformationContracts.listTransformations, {
        query: { search: search || undefined, limit: LIST_LIMIT, offset: 0, sort: 'name:asc' },
        signal,
      }),
  });
}

/**
 * One page of the library for the Transformations page's paged list (alphabetical unless the
 * caller sorts), filtered by name or description.
 */
export function useTransformationPage(
  search: string,
  paging: { limit: number; offset: number; sort?: string },
) {
  return useQuery({
    queryKey: transformationKeys.page(search, paging),
    queryFn: ({ signal }) =>
      callApi(transformationContracts.listTransformations, {
        query: {
          search: search || undefined,
          limit: paging.limit,
          offset: paging.offset,
          sort: paging.sort ?? 'name:asc',
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** POST (no id) or PUT (with id) /transformations. The form shows its own failure. */
export function useSaveTransformation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: TransformationInput }) =>
      id === null
        ? callApi(transformationContracts.createTransformation, { body: input })
        : callApi(transformationContracts.updateTransformation, { body: { ...input, id } }),
    meta: { title: 'Save Transformation', method: 'POST', notifySuccess: true, notifyError: false },
    onSuccess: async (saved: Transformation) => {
      queryClient.setQueryData(transformationKeys.detail(saved.id), saved);
      await queryClient.invalidateQueries({ queryKey: transformationKeys.lists() });
    },
  });
}

/** POST /transformations/generator: the wizard's Create. The wizard words its own outcome. */
export function useGenerateTransformation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: GeneratorRequest) =>
      callApi(transformationContracts.generateTransformation, { body: request }),
    meta: { title: 'Create Transformation', method: 'POST', notifyError: false },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: transformationKeys.lists() });
    },
  });
}

/** POST /transformations/test: a definition or expression on one input, as a job would run it. */
export function useTestTransformation() {
  return useMutation({
    mutationFn: (request: TransformationTestRequest) =>
      callApi(transformationContracts.testTransformation, { body: request }),
    meta: { title: 'Test Transformation', method: 'POST', notifyError: false },
  });
}
