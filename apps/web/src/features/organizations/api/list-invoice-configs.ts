import { queryOptions, useQuery } from '@tanstack/react-query';
import { type InvoiceConfig, type Page } from '@pillar/domain';
import { apiRequest } from '../../../shared/api/api-client.ts';

/** GET {portal}/organizations/{orgId}/invoiceconfigs: the Invoices panel. */
export function listInvoiceConfigs(orgId: number, signal?: AbortSignal) {
  return apiRequest<Page<InvoiceConfig>>('portal', `/organizations/${orgId}/invoiceconfigs`, {
    query: { limit: 100 },
    signal,
  });
}

export function invoiceConfigsQueryOptions(orgId: number) {
  return queryOptions({
    queryKey: ['portal', 'organizations', orgId, 'invoiceconfigs'] as const,
    queryFn: ({ signal }) => listInvoiceConfigs(orgId, signal),
  });
}

export function useInvoiceConfigs(orgId: number, enabled = true) {
  return useQuery({ ...invoiceConfigsQueryOptions(orgId), enabled });
}
