import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type Invoice, type Page } from '@pillar/domain';
import { apiRequest } from '../../../shared/api/api-client.ts';

export interface InvoiceSearch {
  invoiceConfigNo: number;
  /** Invoice numbers starting with these digits. */
  invoiceNo?: string;
  limit: number;
  offset: number;
  sort?: string;
}

/** GET {portal}/organizations/{orgId}/invoices: the Invoice History drawer. */
export function listInvoices(orgId: number, search: InvoiceSearch, signal?: AbortSignal) {
  return apiRequest<Page<Invoice>>('portal', `/organizations/${orgId}/invoices`, {
    query: { ...search },
    signal,
  });
}

export function invoicesQueryOptions(orgId: number, search: InvoiceSearch) {
  return queryOptions({
    queryKey: ['portal', 'organizations', orgId, 'invoiceHistory', search] as const,
    queryFn: ({ signal }) => listInvoices(orgId, search, signal),
  });
}

export function useInvoices(orgId: number, search: InvoiceSearch) {
  return useQuery({ ...invoicesQueryOptions(orgId, search), placeholderData: keepPreviousData });
}
