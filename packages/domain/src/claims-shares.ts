import { z } from 'zod';
import { isoDate } from './dates.ts';
import { int4Id, int4IdValue } from './validation.ts';

/*
 * Claims workflow shares (issue 19, spec 3 §6 "Claims workflow is also available to external
 * users"; decisions 0140, 0144): an internal evaluate user shares one opportunity's claims files
 * with a named external user (broker or client) until an optional end date or a removal.
 */

export const CLAIMS_SHARE_MESSAGES = {
  userRequired: 'Please select an external user',
  notExternal: 'Only an active broker or client user can be given a share',
  alreadyShared: 'This opportunity is already shared with this user',
  endsInPast: 'The end date must be today or later',
} as const;

/** The candidate search's longest text and most answers. */
export const SHARE_CANDIDATE_SEARCH_MAX_LENGTH = 100;
export const SHARE_CANDIDATES_MAX = 25;

export const claimsShareParams = z.object({ id: int4Id('id'), userId: int4Id('userId') });

/** A new share: the external user and, optionally, its last day (YYYY-MM-DD, inclusive). */
export const claimsShareInput = z.object({
  userId: int4IdValue('userId'),
  endsOn: isoDate('End date').nullable().optional(),
});
export type ClaimsShareInput = z.infer<typeof claimsShareInput>;

/** One live share of an opportunity, as the internal "Shared with" panel lists it. */
export const claimsShare = z.object({
  userId: z.number().int(),
  userName: z.string(),
  username: z.string(),
  userType: z.enum(['b', 'c']),
  sharedBy: z.string().nullable(),
  sharedAt: z.string(),
  endsOn: z.string().nullable(),
});
export type ClaimsShare = z.infer<typeof claimsShare>;
export const claimsShareList = z.object({ data: z.array(claimsShare) });

export const shareCandidatesQuery = z.object({
  q: z
    .string()
    .trim()
    .max(
      SHARE_CANDIDATE_SEARCH_MAX_LENGTH,
      `q must be at most ${SHARE_CANDIDATE_SEARCH_MAX_LENGTH} characters`,
    )
    .optional(),
});
/** An active external user a share may name (the first 25 by name). */
export const shareCandidate = z.object({
  userId: z.number().int(),
  userName: z.string(),
  username: z.string(),
  userType: z.enum(['b', 'c']),
});
export type ShareCandidate = z.infer<typeof shareCandidate>;
export const shareCandidateList = z.object({ data: z.array(shareCandidate) });

/** One opportunity shared with the signed-in external user. */
export const sharedOpportunity = z.object({
  id: z.number().int(),
  name: z.string(),
  sharedBy: z.string().nullable(),
  sharedAt: z.string(),
  endsOn: z.string().nullable(),
});
export type SharedOpportunity = z.infer<typeof sharedOpportunity>;
export const sharedOpportunityList = z.object({ data: z.array(sharedOpportunity) });

/** Whether a share with this end date is live on `today` (both YYYY-MM-DD). */
export function shareLive(endsOn: string | null, today: string): boolean {
  return endsOn === null || endsOn >= today;
}
