import { queryOptions, useQuery } from '@tanstack/react-query';
import { organizationWorkspaceContracts, type InvoiceConfig, type Page } from '@pillar/domain';
import { callApi } from '../../../shared/api/call-api.ts';
import { organizationKeys } from '../query-keys.ts';

/** GET {portal}/organizations/{orgId}/invoiceconfigs: the Invoices panel. */
export function listInvoiceConfigs(
  orgId: number,
  signal?: AbortSignal,
): Promise<Page<InvoiceConfig>> {
  return callApi(organizationWorkspaceContracts.invoiceConfigs, {
    params: { orgId },
    query: { limit: 100 },
    signal,
  });
}

export function invoiceConfigsQueryOptions(orgId: number) {
  return queryOptions({
    queryKey: organizationKeys.invoiceConfigs(orgId),
    queryFn: ({ signal }) => listInvoiceConfigs(orgId, signal),
  });
}

export function useInvoiceConfigs(orgId: number, enabled = true) {
  return useQuery({ ...invoiceConfigsQueryOptions(orgId), enabled });
}
