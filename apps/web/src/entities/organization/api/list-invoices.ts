import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { organizationWorkspaceContracts, type Invoice, type Page } from '@pillar/domain';
import { callApi } from '../../../shared/api/call-api.ts';
import { organizationKeys } from '../query-keys.ts';

export interface InvoiceSearch {
  invoiceConfigNo: number;
  /** Invoice numbers starting with these digits. */
  invoiceNo?: string;
  limit: number;
  offset: number;
  sort?: string;
}

/** GET {portal}/organizations/{orgId}/invoices: the Invoice History drawer. */
export function listInvoices(
  orgId: number,
  search: InvoiceSearch,
  signal?: AbortSignal,
): Promise<Page<Invoice>> {
  return callApi(organizationWorkspaceContracts.invoices, {
    params: { orgId },
    query: { ...search },
    signal,
  });
}

export function invoicesQueryOptions(orgId: number, search: InvoiceSearch) {
  return queryOptions({
    queryKey: organizationKeys.invoices(orgId, search),
    queryFn: ({ signal }) => listInvoices(orgId, search, signal),
  });
}

export function useInvoices(orgId: number, search: InvoiceSearch) {
  return useQuery({ ...invoicesQueryOptions(orgId, search), placeholderData: keepPreviousData });
}
