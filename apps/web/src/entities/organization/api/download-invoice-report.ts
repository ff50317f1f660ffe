import { useMutation } from '@tanstack/react-query';
import { organizationWorkspaceContracts, type ReportFormat, type ReportType } from '@pillar/domain';
import { saveFile } from '../../../shared/api/api-client.ts';
import { callDownload } from '../../../shared/api/call-api.ts';

export interface InvoiceReportRequest {
  orgId: number;
  invoiceNo: number;
  invoiceDate: string;
  type: ReportType;
  format: ReportFormat;
}

/**
 * GET {portal}/organizations/{orgId}/invoices/{invoiceId}/report: the document, saved under the
 * name the server gives in Content-Disposition.
 */
export async function downloadInvoiceReport(request: InvoiceReportRequest): Promise<void> {
  const file = await callDownload(organizationWorkspaceContracts.invoiceReport, {
    params: { orgId: request.orgId, invoiceId: request.invoiceNo },
    query: { type: request.type, format: request.format, date: request.invoiceDate },
  });
  saveFile(file);
}

export function useDownloadInvoiceReport() {
  return useMutation({
    mutationFn: downloadInvoiceReport,
    meta: { title: 'Download File' },
  });
}
