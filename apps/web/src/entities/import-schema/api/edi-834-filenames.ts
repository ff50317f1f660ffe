import { useQuery } from '@tanstack/react-query';
import { importSchemaContracts } from '@pillar/domain';
import { callApi } from '../../../shared/api/call-api.ts';
import { importSchemaKeys } from '../query-keys.ts';

/** GET eligibilityImportSchema/edi834-filenames: the 834 layouts the server can read. */
export function useEdi834Filenames(enabled = true) {
  return useQuery({
    queryKey: importSchemaKeys.edi834Filenames(),
    queryFn: ({ signal }) => callApi(importSchemaContracts.edi834Filenames, { signal }),
    enabled,
    // The server's list changes with a release, not during a session.
    staleTime: Infinity,
  });
}
