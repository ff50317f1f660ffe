import { useMutation } from '@tanstack/react-query';
import { coveragesContracts, type TempCardLinkSentAnswer } from '@pillar/domain';
import { saveFile } from '../../../shared/api/api-client.ts';
import { callApi, callDownload } from '../../../shared/api/call-api.ts';

interface CardTarget {
  orgId: number;
  employeeId: number;
  coverageNo: number;
}

/** POST {portal}/.../emailTempCard {withVerification:false}: the card as a PDF, saved. */
export async function downloadTempCard({ orgId, employeeId, coverageNo }: CardTarget) {
  const file = await callDownload(coveragesContracts.emailTempCard, {
    params: { orgId, employeeId },
    body: { withVerification: false, coverageNo },
  });
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
export async function emailTempCard({
  orgId,
  employeeId,
  coverageNo,
  recipientEmail,
  bccEmail,
}: EmailTempCardInput): Promise<TempCardLinkSentAnswer> {
  const answer = await callApi(coveragesContracts.emailTempCard, {
    params: { orgId, employeeId },
    body: { withVerification: true, recipientEmail, bccEmail, coverageNo },
  });
  // The contract's answer is the link-sent answer or the PDF; withVerification:true picks the first.
  return answer as TempCardLinkSentAnswer;
}

export function useEmailTempCard() {
  return useMutation({
    mutationFn: emailTempCard,
    // The drawer shows the spec's 'Link sent! ...' text itself.
    meta: { title: 'Email Temp ID Card', method: 'POST', notifySuccess: false },
  });
}
