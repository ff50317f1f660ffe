import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PERMISSIONS,
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
} from '@pillar/domain';
import { principalOf } from '../../platform/auth/access.ts';
import { attachmentDisposition } from '../../platform/http/content-disposition.ts';
import {
  emailTempCard,
  getTempCard,
  listEmployeeCoverages,
  requestNewCard,
  tempCardLinkState as linkState,
  verifyTempCardLink,
  type CoveragesDeps,
  type PdfFile,
} from './coverages.service.ts';

const viewMembers = { allOf: [PERMISSIONS.viewMember] } as const;
const editMembers = { allOf: [PERMISSIONS.viewMember, PERMISSIONS.editMember] } as const;
const EMPLOYEE = '/portal/v1/organizations/:orgId/employees/:employeeId';
const pdfResponse = z.unknown().describe('The temp ID card as a PDF');

function sendPdf(reply: FastifyReply, file: PdfFile) {
  return reply
    .header('content-disposition', attachmentDisposition(file.fileName))
    .header('access-control-expose-headers', 'content-disposition')
    .header('cache-control', 'no-store')
    .type('application/pdf')
    .send(file.body);
}

/**
 * Coverages, temp ID cards and new-card requests of a member (spec 1 §2 "Coverage", §4, §7),
 * and the public page behind an e-mailed temp card link. Registered at the root: routes carry
 * their full service paths. See docs/decisions/0046-temp-id-cards.md.
 */
export async function coveragesRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps: CoveragesDeps = { db: app.ctx.db, config: app.ctx.config, mail: app.ctx.mail };
  const tags = ['coverages'];

  r.get(
    `${EMPLOYEE}/coverages`,
    {
      config: { access: viewMembers },
      schema: {
        summary: "The member's coverages, current and prior",
        description:
          '404 when the member is unknown or outside the user’s organizations or groups.',
        tags,
        params: coverageEmployeeParams,
        response: { 200: coverageList },
      },
    },
    async (req) =>
      listEmployeeCoverages(deps, principalOf(req), req.params.orgId, req.params.employeeId),
  );

  r.get(
    `${EMPLOYEE}/tempIDCard`,
    {
      config: { access: viewMembers },
      schema: {
        summary: "The data of a coverage's temp ID card",
        description:
          'coverageNo names the coverage; without it, the newest current coverage offering a card.',
        tags,
        params: coverageEmployeeParams,
        querystring: tempCardQuery,
        response: { 200: tempIdCard },
      },
    },
    async (req) =>
      getTempCard(
        deps,
        principalOf(req),
        req.params.orgId,
        req.params.employeeId,
        req.query.coverageNo,
      ),
  );

  r.post(
    `${EMPLOYEE}/coverages/:coverageId/new-card`,
    {
      config: { access: editMembers },
      schema: {
        summary: 'Request a new ID card for a coverage',
        description:
          '409 when a card was already requested; 400 when the coverage does not offer requests.',
        tags,
        params: coverageParams,
        response: { 200: newCardAnswer },
      },
    },
    async (req) =>
      requestNewCard(
        deps,
        principalOf(req),
        req.params.orgId,
        req.params.employeeId,
        req.params.coverageId,
      ),
  );

  r.post(
    `${EMPLOYEE}/emailTempCard`,
    {
      config: { access: viewMembers },
      schema: {
        summary: 'Download the temp ID card, or e-mail a 24-hour link to it',
        description:
          '{withVerification:false} answers the card as a PDF (file name in Content-Disposition). ' +
          '{recipientEmail, bccEmail, withVerification:true} e-mails a link valid 24 hours; this ' +
          'needs portal-edit-member (403 otherwise) and bccEmail may only hold the user’s own address.',
        tags,
        params: coverageEmployeeParams,
        body: emailTempCardRequest,
        response: { 200: z.union([tempCardLinkSentAnswer, pdfResponse]) },
      },
    },
    async (req, reply) => {
      const result = await emailTempCard(
        deps,
        principalOf(req),
        req.params.orgId,
        req.params.employeeId,
        req.body,
      );
      if (result.kind === 'pdf') return sendPdf(reply, result.file);
      return result.answer;
    },
  );

  r.get(
    '/portal/v1/temp-id-cards/:token',
    {
      config: { access: 'public' },
      schema: {
        summary: 'The state of an e-mailed temp ID card link (public)',
        description:
          'valid, expired, used or locked, and the attempts left; nothing about the member. 404 for an unknown link.',
        tags,
        security: [],
        params: tempCardLinkParams,
        response: { 200: tempCardLinkState },
      },
    },
    async (req) => linkState(deps, req.params.token),
  );

  r.post(
    '/portal/v1/temp-id-cards/:token/verify',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Answer the cardholder questions and download the temp ID card (public)',
        description:
          'The PDF when last name (any case), date of birth and zip (first 5 digits) match the ' +
          'primary cardholder; the link is then used up. A wrong answer is 400; the fifth locks the ' +
          'link (423); an expired or used link is 410; too many wrong answers from one address 429.',
        tags,
        security: [],
        params: tempCardLinkParams,
        body: tempCardVerifyRequest,
        response: { 200: pdfResponse },
      },
    },
    async (req, reply) =>
      sendPdf(reply, await verifyTempCardLink(deps, req.params.token, req.body, req.ip)),
  );
}
