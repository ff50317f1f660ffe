import { crmIdParams, crmOpportunity, crmOpportunityList, crmSearchQuery } from '../evaluate.ts';
import { PERMISSIONS } from '../permissions.ts';
import { defineContract } from './define-contract.ts';

/**
 * The evaluate area's access (spec 3 §6): internal users holding rxbAdmin and eval-view-opp
 * (decision 0114). The CRM service is only used from the evaluate screens, so it shares the rule.
 */
export const EVALUATE_ACCESS = {
  allOf: [PERMISSIONS.evaluateViewOpportunities],
  userTypes: ['i'],
  rxbAdmin: true,
} as const;

const tags = ['salesforce'];

/*
 * The CRM service (spec 3 §7 "CRM service", base /salesforce/v1): search the CRM's opportunities
 * by employer name (the first 25), and one by its 15- or 18-character ID. Answered by the CRM
 * adapter (built-in store or Salesforce); a CRM failure is a 502 'Problem getting data from
 * Salesforce'. Decision 0114.
 */
export const crmContracts = {
  searchOpportunities: defineContract({
    method: 'GET',
    service: 'salesforce',
    path: '/opportunities',
    query: crmSearchQuery,
    answer: crmOpportunityList,
    access: EVALUATE_ACCESS,
    tags,
    summary: 'CRM opportunities whose employer or name contains employerName (first 25)',
  }),
  getOpportunity: defineContract({
    method: 'GET',
    service: 'salesforce',
    path: '/opportunities/:id',
    params: crmIdParams,
    answer: crmOpportunity,
    access: EVALUATE_ACCESS,
    tags,
    summary:
      "One CRM opportunity by its Salesforce ID (15 or 18 characters; 'Invalid ID length provided' under 15)",
  }),
} as const;
