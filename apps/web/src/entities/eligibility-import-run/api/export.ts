import { useMutation } from '@tanstack/react-query';
import { eligibilityExportContracts, type EligibilityExportKind } from '@pillar/domain';
import { saveFile } from '../../../shared/api/api-client.ts';
import { callDownload } from '../../../shared/api/call-api.ts';

/**
 * GET organizations/{orgId}/eligibility-834?kind: an 834 of the organization's current
 * eligibility (every member, or the changes since the last export), to the save dialog.
 */
export function useExport834(orgId: number) {
  return useMutation({
    mutationFn: async (kind: EligibilityExportKind) =>
      saveFile(
        await callDownload(eligibilityExportContracts.export834, {
          params: { orgId },
          query: { kind },
        }),
      ),
    meta: { title: 'Export 834', notifySuccess: false },
  });
}
