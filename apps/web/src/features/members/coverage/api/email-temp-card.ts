import { useMutation } from '@tanstack/react-query';
import { type TempCardLinkSentAnswer } from '@pillar/domain';
import { apiDownload, apiRequest, saveFile } from '../../../../shared/api/api-client.ts';

interface CardTarget {
  orgId: number;
  employeeId: number;
  coverageNo: number;
}

/** POST {portal}/.../emailTempCard {withVerification:false}: the card as a PDF, saved. */
export async function downloadTempCard({ orgId, employeeId, coverageNo }: CardTarget) {
  const file = await apiDownload(
    'portal',
    `/organizations/${orgId}/employees/${employeeId}/emailTempCard`,
    {
      method: 'POST',
      body: { withVerification: false, coverageNo },
    },
  );
  saveFile(file);
}

export function useDownloadTempCard() {
  return useMutation({ mutationFn: downloadTempCard, meta: { title: 'Download Temp ID Card' } });
}

export interface EmailTempCardInput extends CardTarget {
  recipientEmail: string;
  /** The signed-in user's own username when 'BCC Myself?' is ticked. */
  bccEmail: string[];
}

/** POST {portal}/.../emailTempCard {recipientEmail, bccEmail, withVerification:true}: a 24-hour link. */
export function emailTempCard({
  orgId,
  employeeId,
  coverageNo,
  recipientEmail,
  bccEmail,
}: EmailTempCardInput) {
  return apiRequest<TempCardLinkSentAnswer>(
    'portal',
    `/organizations/${orgId}/employees/${employeeId}/emailTempCard`,
    { method: 'POST', body: { withVerification: true, recipientEmail, bccEmail, coverageNo } },
  );
}

export function useEmailTempCard() {
  return useMutation({
    mutationFn: emailTempCard,
    // The drawer shows the spec's 'Link sent! ...' text itself.
    meta: { title: 'Email Temp ID Card', method: 'POST', notifySuccess: false },
  });
}
