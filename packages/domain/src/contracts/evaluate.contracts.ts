import {
  contractInfo,
  contractInfoAnswer,
  contractInput,
  evaluateHistoryQuery,
  evaluateIdParams,
  evaluateVersionDetail,
  evaluateVersionPage,
  evaluateVersionParams,
  opportunitiesQuery,
  opportunityCreateInput,
  opportunityDetail,
  opportunityPage,
  sfUpdateInput,
} from '../evaluate.ts';
import { EVALUATE_ACCESS } from './crm.contracts.ts';
import { defineContract } from './define-contract.ts';

const tags = ['evaluate'];
const access = EVALUATE_ACCESS;

/*
 * The evaluate service's opportunity, contract and history calls (spec 3 §7 "Evaluate service",
 * base /evaluate/v1). Internal rxbAdmin users with eval-view-opp only (decision 0114). The
 * incumbent's fees, credits, insights, aggregates, contacts, renewals and RxB pricing are in
 * incumbent.contracts.ts.
 */
export const evaluateContracts = {
  listOpportunities: defineContract({
    method: 'GET',
    service: 'evaluate',
    path: '/opps',
    query: opportunitiesQuery,
    answer: opportunityPage,
    access,
    tags,
    summary:
      'Prospect opportunities, filtered (employer, broker, sfId, owner, fa, spa, status) and scoped (mine: owner or financial analyst is me), paged',
  }),
  createOpportunity: defineContract({
    method: 'POST',
    service: 'evaluate',
    path: '/opps',
    body: opportunityCreateInput,
    answer: opportunityDetail,
    access,
    tags,
    summary:
      'The prospect opportunity of a CRM opportunity: created from the CRM on first call, the existing one after (idempotent on the Salesforce ID)',
  }),
  sfUpdate: defineContract({
    method: 'POST',
    service: 'evaluate',
    path: '/opps/sf-update',
    body: sfUpdateInput,
    answer: opportunityDetail,
    access,
    tags,
    summary: 'Reload a prospect opportunity from the CRM (its basic information and loaded time)',
  }),
  getOpportunity: defineContract({
    method: 'GET',
    service: 'evaluate',
    path: '/opps/:id',
    params: evaluateIdParams,
    answer: opportunityDetail,
    access,
    tags,
    summary: 'One prospect opportunity with its basic information',
  }),
  getContract: defineContract({
    method: 'GET',
    service: 'evaluate',
    path: '/opps/:id/contract-info',
    params: evaluateIdParams,
    answer: contractInfoAnswer,
    access,
    tags,
    summary: "The incumbent's contract terms (null before the first save)",
  }),
  saveContract: defineContract({
    method: 'POST',
    service: 'evaluate',
    path: '/opps/:id/contract-info',
    params: evaluateIdParams,
    body: contractInput,
    answer: contractInfo,
    access,
    tags,
    summary: "Save the incumbent's contract terms (a new version in the history)",
  }),
  listVersions: defineContract({
    method: 'GET',
    service: 'evaluate',
    path: '/opps/:id/history',
    params: evaluateIdParams,
    query: evaluateHistoryQuery,
    answer: evaluateVersionPage,
    access,
    tags,
    summary: "The versions of an opportunity's incumbent parts (optionally one part), newest first",
  }),
  getVersion: defineContract({
    method: 'GET',
    service: 'evaluate',
    path: '/opps/:id/history/:part/:versionNo',
    params: evaluateVersionParams,
    answer: evaluateVersionDetail,
    access,
    tags,
    summary: "One version of a part with the part's whole state as saved",
  }),
} as const;
