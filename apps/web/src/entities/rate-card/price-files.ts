/*
 * The administrator's price files (issue 19, decision 0147): the list with the active file,
 * a load (multipart), activate and delete, with their query keys.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { priceFileContracts as c } from '@pillar/domain';
import { callApi } from '../../shared/api/call-api.ts';

export const priceFileKeys = {
  all: ['price-file'] as const,
  list: () => [...priceFileKeys.all, 'list'] as const,
};

/** GET {evaluate}/price-files: the loaded files, newest first, the active one marked. */
export function usePriceFiles() {
  return useQuery({
    queryKey: priceFileKeys.list(),
    queryFn: ({ signal }) => callApi(c.listPriceFiles, { signal }),
  });
}

function useInvalidatingMutation<T>(
  fn: (arg: T) => Promise<unknown>,
  title: string,
  method: 'POST' | 'DELETE',
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: priceFileKeys.list() });
    },
    meta: { title, method },
  });
}

/** POST {evaluate}/price-files: one CSV (NADAC or AWP layout); it becomes the active file. */
export function useLoadPriceFile() {
  return useInvalidatingMutation(
    (file: File) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return callApi(c.loadPriceFile, { body: form });
    },
    'Load Price File',
    'POST',
  );
}

export function useActivatePriceFile() {
  return useInvalidatingMutation(
    (priceFileNo: number) => callApi(c.activatePriceFile, { params: { priceFileNo } }),
    'Make Price File Active',
    'POST',
  );
}

export function useDeletePriceFile() {
  return useInvalidatingMutation(
    (priceFileNo: number) => callApi(c.deletePriceFile, { params: { priceFileNo } }),
    'Delete Price File',
    'DELETE',
  );
}
