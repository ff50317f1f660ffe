import { PERMISSIONS } from '../permissions.ts';
import {
  paCaseDetailSchema,
  paCaseIdSchema,
  paCaseListSchema,
  paCaseQuerySchema,
  paInteractionLogSchema,
  paMemberIdentifiersSchema,
  paReviewerHistorySchema,
} from '../prior-auth.ts';
import { z } from 'zod';
import { defineContract } from './define-contract.ts';

/** An agent reads a member's PA history (spec 2 §6; decision 0096). */
const agentViewMember = { allOf: [PERMISSIONS.agentViewMember] } as const;

/*
 * Prior authorizations from the outside PA system (Agadia), through the portal service and the
 * communication manager (spec 2 §7). Every call names the member by the four identifiers the PA
 * system knows them by (alternateId, firstName, lastName, dateOfBirth MM/DD/YYYY); a missing one
 * is a 400 naming it, and the lookup is not made (spec 2 §5). A PA system that cannot be reached
 * answers 502 with the technical-difficulties message (PA_UNAVAILABLE_MESSAGE).
 */
export const priorAuthContracts = {
  list: defineContract({
    method: 'GET',
    service: 'portal',
    path: '/priorauth/agadia',
    query: paMemberIdentifiersSchema,
    answer: paCaseListSchema,
    access: agentViewMember,
    tags: ['prior-auth'],
    summary: "A member's prior authorization cases in the PA system (Agadia)",
  }),
  detail: defineContract({
    method: 'GET',
    service: 'portal',
    path: '/priorauth/agadia/cases/:paCaseId',
    params: z.object({ paCaseId: paCaseIdSchema }),
    query: paMemberIdentifiersSchema,
    answer: paCaseDetailSchema,
    access: agentViewMember,
    tags: ['prior-auth'],
    summary: 'One prior authorization case: the old and new Agadia data and its interaction log',
  }),
  planHistory: defineContract({
    method: 'GET',
    service: 'portal',
    path: '/priorauth/agadia/plan-history',
    query: paMemberIdentifiersSchema,
    answer: paReviewerHistorySchema,
    access: agentViewMember,
    tags: ['prior-auth'],
    summary: "The member's PA plan history: which reviewer handled their requests, and when",
  }),
  interventionLogs: defineContract({
    method: 'GET',
    service: 'commManager',
    path: '/interventionLogs',
    query: paMemberIdentifiersSchema,
    answer: paInteractionLogSchema,
    access: agentViewMember,
    tags: ['prior-auth'],
    summary: "Every interaction logged on the member's prior authorization cases, newest first",
  }),
  interventionSummary: defineContract({
    method: 'GET',
    service: 'commManager',
    path: '/getInterventionSummary',
    query: paCaseQuerySchema,
    answer: paInteractionLogSchema,
    access: agentViewMember,
    tags: ['prior-auth'],
    summary: "One prior authorization case's interaction log, oldest first",
  }),
};
