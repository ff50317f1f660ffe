import { z } from 'zod';
import { MEMBER_READERS } from '../permissions.ts';
import {
  coverageEmployeeParams,
  coverageList,
  coverageParams,
  emailTempCardRequest,
  newCardAnswer,
  tempCardLinkParams,
  tempCardLinkSentAnswer,
  tempCardLinkState,
  tempCardQuery,
  tempCardVerifyRequest,
  tempIdCard,
} from '../id-cards.ts';
import { defineContract } from './define-contract.ts';

/**
 * Member viewers and agents read coverages and cards (decision 0097). Sending a card outside the
 * portal (an e-mailed link, a new card request) also needs one of MEMBER_CARD_SENDERS, checked by
 * the service: member editors, or agents.
 */
const readMembers = { anyOf: MEMBER_READERS } as const;
const tags = ['coverages'];
const EMPLOYEE = '/organizations/:orgId/employees/:employeeId';
/** Describes the PDF bytes in the OpenAPI document; the handler sends them itself. */
const pdfResponse = z.unknown().describe('The temp ID card as a PDF');

/**
 * Coverages, temp ID cards and new-card requests of a member (spec 1 §2 "Coverage", §4, §7),
 * and the public page behind an e-mailed temp card link. See docs/decisions/0046-temp-id-cards.md.
 */
export const coveragesContracts = {
  list: defineContract({
    method: 'GET',
    service: 'portal',
    path: `${EMPLOYEE}/coverages`,
    params: coverageEmployeeParams,
    answer: coverageList,
    access: readMembers,
    tags,
    summary: "The member's coverages, current and prior",
    description: '404 when the member is unknown or outside the user’s organizations or groups.',
  }),
  tempCard: defineContract({
    method: 'GET',
    service: 'portal',
    path: `${EMPLOYEE}/tempIDCard`,
    params: coverageEmployeeParams,
    query: tempCardQuery,
    answer: tempIdCard,
    access: readMembers,
    tags,
    summary: "The data of a coverage's temp ID card",
    description:
      'coverageNo names the coverage; without it, the newest current coverage offering a card.',
  }),
  requestNewCard: defineContract({
    method: 'POST',
    service: 'portal',
    path: `${EMPLOYEE}/coverages/:coverageId/new-card`,
    params: coverageParams,
    answer: newCardAnswer,
    access: readMembers,
    tags,
    summary: 'Request a new ID card for a coverage',
    description:
      '409 when a card was already requested; 400 when the coverage does not offer requests.',
  }),
  /**
   * A JSON answer (the link was sent) or a file (the PDF), by the body's withVerification: kept a
   * 'json' contract, the web calls it with callApi for the link and callDownload for the PDF.
   */
  emailTempCard: defineContract({
    method: 'POST',
    service: 'portal',
    path: `${EMPLOYEE}/emailTempCard`,
    params: coverageEmployeeParams,
    body: emailTempCardRequest,
    answer: z.union([tempCardLinkSentAnswer, pdfResponse]),
    access: readMembers,
    tags,
    summary: 'Download the temp ID card, or e-mail a 24-hour link to it',
    description:
      '{withVerification:false} answers the card as a PDF (file name in Content-Disposition). ' +
      '{recipientEmail, bccEmail, withVerification:true} e-mails a link valid 24 hours; this ' +
      'needs portal-edit-member (403 otherwise) and bccEmail may only hold the user’s own address.',
  }),
  tempCardLinkState: defineContract({
    method: 'GET',
    service: 'portal',
    path: '/temp-id-cards/:token',
    params: tempCardLinkParams,
    answer: tempCardLinkState,
    access: 'public',
    security: [],
    tags,
    summary: 'The state of an e-mailed temp ID card link (public)',
    description:
      'valid, expired, used or locked, and the attempts left; nothing about the member. 404 for an unknown link.',
  }),
  verifyTempCardLink: defineContract({
    method: 'POST',
    service: 'portal',
    path: '/temp-id-cards/:token/verify',
    params: tempCardLinkParams,
    body: tempCardVerifyRequest,
    answer: pdfResponse,
    answerKind: 'file',
    access: 'public',
    security: [],
    tags,
    summary: 'Answer the cardholder questions and download the temp ID card (public)',
    description:
      'The PDF when last name (any case), date of birth and zip (first 5 digits) match the ' +
      'primary cardholder; the link is then used up. A wrong answer is 400; the fifth locks the ' +
      'link (423); an expired or used link is 410; too many wrong answers from one address 429.',
  }),
};
