import { z } from 'zod';
import {
  claimsShareInput,
  claimsShareList,
  claimsShareParams,
  claimsShare,
  shareCandidateList,
  shareCandidatesQuery,
  sharedOpportunity,
  sharedOpportunityList,
} from '../claims-shares.ts';
import {
  acceptFileInput,
  claimRangeAnswer,
  claimRangeQuery,
  claimsFile,
  claimsFileLists,
  claimsFileParams,
  mappedClaimsFile,
  mappedFileParams,
  mappingSourceAnswer,
  registerMappedInput,
  uploadAnswer,
} from '../claims-files.ts';
import {
  completedJob,
  dmSchema,
  generatedTemplate,
  jobInput,
  mappingJob,
  template,
  templateInput,
  templateUpdate,
} from '../data-mapping.ts';
import { transformationPage, transformationsQuery } from '../transformations.ts';
import { int4Id } from '../validation.ts';
import { claimsFileContracts } from './claims-files.contracts.ts';
import { EVALUATE_ACCESS } from './crm.contracts.ts';
import { defineContract } from './define-contract.ts';

/*
 * Claims workflow shares (issue 19, decision 0144). The internal side (who shares an opportunity
 * with whom) is an evaluate call under /evaluate/v1 with the evaluate rule. The external side is
 * its own service, /shared-claims/v1, open to broker and client users only: every call answers
 * 404 for an opportunity not shared with the caller today (the scope is a join in SQL), and it
 * holds only the File, Mapping and Summary stages' calls (no pricing, FA or incumbent terms).
 */

/** External users (brokers, clients); what they reach is the share, checked per opportunity. */
export const SHARED_CLAIMS_ACCESS = { allOf: [], userTypes: ['b', 'c'] } as const;

const evaluateTags = ['evaluate'];
const tags = ['shared-claims'];
const access = SHARED_CLAIMS_ACCESS;
const SCOPE = 'Answers 404 unless the opportunity is shared with the caller and the share is live.';

export const claimsShareContracts = {
  listShares: defineContract({
    method: 'GET',
    service: 'evaluate',
    path: '/opps/:id/shares',
    params: claimsFileParams,
    answer: claimsShareList,
    access: EVALUATE_ACCESS,
    tags: evaluateTags,
    summary: "The external users an opportunity's claims workflow is shared with (live shares)",
  }),
  share: defineContract({
    method: 'POST',
    service: 'evaluate',
    path: '/opps/:id/shares',
    params: claimsFileParams,
    body: claimsShareInput,
    answer: claimsShare,
    status: 201,
    access: EVALUATE_ACCESS,
    tags: evaluateTags,
    summary:
      "Share an opportunity's claims workflow with an active broker or client user, until an optional end date (audited)",
  }),
  removeShare: defineContract({
    method: 'DELETE',
    service: 'evaluate',
    path: '/opps/:id/shares/:userId',
    params: claimsShareParams,
    answer: z.null().describe('Removed'),
    status: 204,
    access: EVALUATE_ACCESS,
    tags: evaluateTags,
    summary: "End a user's share of the opportunity now (audited); 404 when there is no live share",
  }),
  shareCandidates: defineContract({
    method: 'GET',
    service: 'evaluate',
    path: '/share-candidates',
    query: shareCandidatesQuery,
    answer: shareCandidateList,
    access: EVALUATE_ACCESS,
    tags: evaluateTags,
    summary:
      'Active broker and client users whose name or username contains q (the first 25 by name)',
  }),
} as const;

/** The external user's calls (base /shared-claims/v1). */
export const sharedClaimsContracts = {
  listOpportunities: defineContract({
    method: 'GET',
    service: 'sharedClaims',
    path: '/opps',
    answer: sharedOpportunityList,
    access,
    tags,
    summary: 'The opportunities whose claims workflow is shared with the caller (live shares)',
  }),
  getOpportunity: defineContract({
    method: 'GET',
    service: 'sharedClaims',
    path: '/opps/:id',
    params: claimsFileParams,
    answer: sharedOpportunity,
    access,
    tags,
    summary: 'One opportunity shared with the caller',
    description: SCOPE,
  }),
  uploadFile: defineContract({
    ...claimsFileContracts.uploadFile,
    service: 'sharedClaims',
    params: claimsFileParams,
    answer: uploadAnswer,
    access,
    tags,
    description: SCOPE,
  }),
  acceptFile: defineContract({
    ...claimsFileContracts.acceptFile,
    service: 'sharedClaims',
    params: claimsFileParams,
    body: acceptFileInput,
    answer: claimsFile,
    access,
    tags,
    description: SCOPE,
  }),
  listFiles: defineContract({
    ...claimsFileContracts.listFiles,
    service: 'sharedClaims',
    params: claimsFileParams,
    answer: claimsFileLists,
    access,
    tags,
    description: SCOPE,
  }),
  registerMapped: defineContract({
    ...claimsFileContracts.registerMapped,
    service: 'sharedClaims',
    params: claimsFileParams,
    body: registerMappedInput,
    answer: mappedClaimsFile,
    access,
    tags,
    description: SCOPE,
  }),
  claimRange: defineContract({
    ...claimsFileContracts.claimRange,
    service: 'sharedClaims',
    params: mappedFileParams,
    query: claimRangeQuery,
    answer: claimRangeAnswer,
    access,
    tags,
    description: SCOPE,
  }),
  mappingSource: defineContract({
    ...claimsFileContracts.mappingSource,
    service: 'sharedClaims',
    params: mappedFileParams,
    answer: mappingSourceAnswer,
    access,
    tags,
    description: SCOPE,
  }),
} as const;

/** The claims file calls the File, Mapping and Summary stages make: internal or shared. */
export type ClaimsStageCalls = Pick<
  typeof claimsFileContracts,
  'uploadFile' | 'acceptFile' | 'listFiles' | 'registerMapped' | 'claimRange' | 'mappingSource'
>;

/** A shared claims file's mapping job: /opps/{id}/claims-files/{x}/mapping/jobs/{jobId}. */
export const sharedMappingJobParams = mappedFileParams.extend({ jobId: int4Id('jobId') });

const MAPPING_SCOPE =
  "Answers 404 unless the opportunity is shared with the caller, the share is live and the claims file (and the template or job named) is that opportunity's accepted file's mapping.";

/**
 * The Mapping stage's data-mapping calls for a shared opportunity (decision 0144 'Mapping for
 * shared users'): the data mapper's calls need a data-mapper permission no broker or client
 * holds, so each call the stage makes is here, scoped to one accepted claims file `x` of
 * opportunity `id`: its read schema, the template generated from it onto the standard claims
 * write schema, saving that template, the transformation library (read only), and the mapping
 * job of that template over that file. The answers are the data mapper's.
 */
export const sharedMappingContracts = {
  readSchema: defineContract({
    method: 'GET',
    service: 'sharedClaims',
    path: '/opps/:id/claims-files/:x/mapping/read-schema',
    params: mappedFileParams,
    answer: dmSchema,
    access,
    tags,
    summary: "The claims file's read schema (its columns), as the mapping source names it",
    description: MAPPING_SCOPE,
  }),
  generateTemplate: defineContract({
    method: 'POST',
    service: 'sharedClaims',
    path: '/opps/:id/claims-files/:x/mapping/generated-template',
    params: mappedFileParams,
    answer: generatedTemplate,
    access,
    tags,
    summary:
      "A first template from the claims file's read schema onto the standard claims write schema (not saved)",
    description: MAPPING_SCOPE,
  }),
  createTemplate: defineContract({
    method: 'POST',
    service: 'sharedClaims',
    path: '/opps/:id/claims-files/:x/mapping/templates',
    params: mappedFileParams,
    body: templateInput,
    answer: template,
    status: 201,
    access,
    tags,
    summary:
      "Save the claims file's template (its read schema, the claims write schema and its source file only)",
    description: MAPPING_SCOPE,
  }),
  updateTemplate: defineContract({
    method: 'PUT',
    service: 'sharedClaims',
    path: '/opps/:id/claims-files/:x/mapping/templates',
    params: mappedFileParams,
    body: templateUpdate,
    answer: template,
    access,
    tags,
    summary: "Change the claims file's template (id in the body)",
    description: MAPPING_SCOPE,
  }),
  listTransformations: defineContract({
    method: 'GET',
    service: 'sharedClaims',
    path: '/opps/:id/transformations',
    params: claimsFileParams,
    query: transformationsQuery,
    answer: transformationPage,
    access,
    tags,
    summary: "The transformation library as the mapping's Transform drawer lists it (read only)",
    description: SCOPE,
  }),
  createJob: defineContract({
    method: 'POST',
    service: 'sharedClaims',
    path: '/opps/:id/claims-files/:x/mapping/jobs',
    params: mappedFileParams,
    body: jobInput,
    answer: mappingJob,
    status: 201,
    access,
    tags,
    summary: "Queue the mapping job of the claims file's template over the claims file",
    description: MAPPING_SCOPE,
  }),
  getJob: defineContract({
    method: 'GET',
    service: 'sharedClaims',
    path: '/opps/:id/claims-files/:x/mapping/jobs/:jobId',
    params: sharedMappingJobParams,
    answer: mappingJob,
    access,
    tags,
    summary: "The claims file's mapping job: status, rows, percent",
    description: MAPPING_SCOPE,
  }),
  getCompletedJob: defineContract({
    method: 'GET',
    service: 'sharedClaims',
    path: '/opps/:id/claims-files/:x/mapping/jobs/:jobId/completed',
    params: sharedMappingJobParams,
    answer: completedJob,
    access,
    tags,
    summary: "The claims file's completed mapping job: its output's filestorageid",
    description: MAPPING_SCOPE,
  }),
} as const;
