import { z } from 'zod';
import {
  explainAnswer,
  explainQuery,
  faJobInput,
  faJobParams,
  faJobStatus,
  faJobStatusParams,
  faParams,
  incumbentStatsAnswer,
  pricingGridAnswer,
  recalculateInput,
} from '../fa-jobs.ts';
import { EVALUATE_ACCESS } from './crm.contracts.ts';
import { defineContract } from './define-contract.ts';

const tags = ['evaluate'];
const access = EVALUATE_ACCESS;

/*
 * The evaluate service's financial analysis calls (spec 3 §7 "Evaluate service": fa_jobs, fa,
 * incumbentStats; issue 19, decision 0131). `x` and `fileId` are the mapped claims file's id
 * (the x of /opps/{id}/claims/{x}). The evaluate rule: internal rxbAdmin users with eval-view-opp;
 * a file of another opportunity is 404.
 */
export const pricingContracts = {
  createFaJob: defineContract({
    method: 'POST',
    service: 'evaluate',
    path: '/opps/fa_jobs/:id',
    params: faJobParams,
    body: faJobInput,
    answer: faJobStatus,
    status: 201,
    access,
    tags,
    summary:
      'Start a financial analysis job on a mapped claims file (pricing option, disruption type, specialty indicator, Retail 90, analysis range); answers its status (CREATED)',
  }),
  faJobStatus: defineContract({
    method: 'GET',
    service: 'evaluate',
    path: '/opps/fa_jobs/:id/:fileId',
    params: faJobStatusParams,
    answer: faJobStatus,
    access,
    tags,
    summary:
      'The newest FA job of a mapped file: status (CREATED, IN_PROGRESS, COMPLETE, ERROR; null when none ran), the system message of a failure, exclusion counts and the bad rows',
  }),
  incumbentStats: defineContract({
    method: 'GET',
    service: 'evaluate',
    path: '/opps/:id/fa/:x/incumbentStats',
    params: faParams,
    answer: incumbentStatsAnswer,
    access,
    tags,
    summary:
      "The incumbent's stats over the file's repriced claims (generic, mail, retail 90, specialty: counts, percents, specialty effective rate)",
  }),
  pricingGrid: defineContract({
    method: 'GET',
    service: 'evaluate',
    path: '/opps/:id/fa/:x',
    params: faParams,
    answer: pricingGridAnswer,
    access,
    tags,
    summary:
      'The pricing grid of the newest complete FA job under its last selections, with footnotes and guarantee shortfalls',
  }),
  recalculate: defineContract({
    method: 'POST',
    service: 'evaluate',
    path: '/opps/:id/fa/:x',
    params: faParams,
    body: recalculateInput,
    answer: pricingGridAnswer,
    access,
    tags,
    summary:
      'Recalculate the pricing grid with the global customizations and at most 3 PBM selections',
  }),
  explainCell: defineContract({
    method: 'GET',
    service: 'evaluate',
    path: '/opps/:id/fa/:x/explain',
    params: faParams,
    query: explainQuery,
    answer: explainAnswer,
    access,
    tags,
    summary: 'How one cell of the grid was computed: the formula, the terms used, the claim counts',
  }),
  explainClaims: defineContract({
    method: 'GET',
    service: 'evaluate',
    path: '/opps/:id/fa/:x/explain/claims',
    params: faParams,
    query: explainQuery,
    answer: z.unknown().describe('The claims behind the cell, repriced under its column, as CSV'),
    answerKind: 'file',
    access,
    tags,
    summary: 'The claims behind one cell of the grid as CSV, each repriced under the cell’s column',
  }),
} as const;
