import { z } from 'zod';
import { isIsoDate } from './date-format.ts';
import { MEMBER_ID_MAX_LENGTH } from './members.ts';
import { int4Id, required } from './validation.ts';

/*
 * Plan information an agent reads while a member is on the phone (spec 2 §3, §5, §7): the
 * organization's group information, its plan benefit content (PBC) document, and a member's
 * appointments of representative (AOR) with their one-year expiry (spec 2 §9).
 */

/** The empty states the blocks show (spec 2 §8). */
export const PLAN_INFO_MESSAGES = {
  pbcNotAvailable: 'PBC not available',
  noData: 'No data available',
} as const;

// ---------------------------------------------------------------------------------------------
// Group information: GET /plans/v1/groupinfo/{orgId}

export const groupInfoParams = z.object({ orgId: int4Id('orgId') });

export const groupContacts = z.object({
  accountManager: z.string().nullable(),
  strategicAccountExecutive: z.string().nullable(),
  brokerageFirm: z.string().nullable(),
  medicalVendor: z.string().nullable(),
  /** The pharmacy plan's number as the plan administrator knows it. */
  planNo: z.string().nullable(),
});
export type GroupContacts = z.infer<typeof groupContacts>;

export const groupMaterial = z.object({
  materialNo: z.number().int(),
  title: z.string(),
  /** e.g. 'Benefit Summary', 'Formulary', 'Member Guide'. */
  category: z.string(),
  description: z.string().nullable(),
  updatedDate: z.string(),
});
export type GroupMaterial = z.infer<typeof groupMaterial>;

export const groupProgram = z.object({
  name: z.string(),
  description: z.string().nullable(),
});
export type GroupProgram = z.infer<typeof groupProgram>;

/** Formulary and dispense-as-written are named by the spec; the rest are listed as `others`. */
export const groupPrograms = z.object({
  formulary: z.string().nullable(),
  dispenseAsWritten: z.string().nullable(),
  others: z.array(groupProgram),
});
export type GroupPrograms = z.infer<typeof groupPrograms>;

export const planNote = z.object({
  noteNo: z.number().int(),
  note: z.string(),
  createdDate: z.string(),
  createdByName: z.string().nullable(),
});
export type PlanNote = z.infer<typeof planNote>;

export const planChange = z.object({
  changeNo: z.number().int(),
  effectiveDate: z.string(),
  description: z.string(),
});
export type PlanChange = z.infer<typeof planChange>;

export const groupInformation = z.object({
  organizationNo: z.number().int(),
  contacts: groupContacts,
  materials: z.array(groupMaterial),
  programs: groupPrograms,
  /** Newest first. */
  planNotes: z.array(planNote),
  /** Newest effective date first. */
  planChanges: z.array(planChange),
});
export type GroupInformation = z.infer<typeof groupInformation>;

/** Whether there is anything to show; the block shows 'No data available' otherwise. */
export function hasGroupInformation(info: GroupInformation): boolean {
  const { contacts, programs } = info;
  return (
    Object.values(contacts).some((v) => v !== null) ||
    programs.formulary !== null ||
    programs.dispenseAsWritten !== null ||
    programs.others.length > 0 ||
    info.materials.length > 0 ||
    info.planNotes.length > 0 ||
    info.planChanges.length > 0
  );
}

// ---------------------------------------------------------------------------------------------
// Plan benefit content: GET /plans/v1/pbc?employeeNo&dependentNo or ?orgId (a PDF)

/** A member's (employee, optionally a dependent) or an organization's PBC; one of the two. */
export const pbcQuery = z
  .object({
    employeeNo: int4Id('employeeNo').optional(),
    dependentNo: int4Id('dependentNo').optional(),
    orgId: int4Id('orgId').optional(),
  })
  .superRefine((q, ctx) => {
    if (q.employeeNo === undefined && q.orgId === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['employeeNo'],
        message: 'employeeNo or orgId is required',
      });
    }
    if (q.dependentNo !== undefined && q.employeeNo === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['employeeNo'],
        message: 'employeeNo is required with dependentNo',
      });
    }
  });
export type PbcQuery = z.infer<typeof pbcQuery>;

export const pbcDocument = z.unknown().describe('The plan benefit content document (PDF)');

/** What a PBC document is built from (spec 2 §3: fileName, effDate, the PDF). */
export interface PbcTier {
  tier: number;
  name: string;
  retailCopay: string;
  mailCopay: string;
  coinsurance: string | null;
}

/** The PBC's file name: PBC-{plan name, letters and digits}-{effective date}.pdf. */
export function pbcFileName(planName: string, effDate: string): string {
  const plan = planName
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60);
  return `PBC-${plan || 'plan'}-${effDate}.pdf`;
}

// ---------------------------------------------------------------------------------------------
// Appointment of representative: GET /comm-manager/aorSignature?memberID&orgID&employeeNo&dependentNo

const MEMBER_ID_PATTERN = /^[A-Za-z0-9-]+$/;

/**
 * The AOR lookup needs memberID, orgID and employeeNo (spec 2 §5 "Other agent rules"); each
 * missing one is a 400 naming it.
 */
export const aorQuery = z.object({
  memberID: required(
    z
      .string()
      .trim()
      .max(MEMBER_ID_MAX_LENGTH, `memberID must not exceed ${MEMBER_ID_MAX_LENGTH} characters`)
      .regex(MEMBER_ID_PATTERN, 'memberID may contain only letters, digits and hyphens'),
    'memberID',
  ),
  orgID: required(int4Id('orgID'), 'orgID'),
  employeeNo: required(int4Id('employeeNo'), 'employeeNo'),
  dependentNo: int4Id('dependentNo').optional(),
});
export type AorQuery = z.infer<typeof aorQuery>;

/** The lookup runs only with every required identifier present (spec 2 §5). */
export function canLookUpAor(ids: {
  memberID?: string | null;
  orgID?: number | null;
  employeeNo?: number | null;
}): boolean {
  return Boolean(ids.memberID?.trim()) && Boolean(ids.orgID) && Boolean(ids.employeeNo);
}

export const aorRecord = z.object({
  aorNo: z.number().int(),
  representativeName: z.string(),
  representativeAddress: z.string(),
  memberDOB: z.string(),
  memberSignDate: z.string(),
  memberID: z.string(),
  /** memberSignDate plus one year (spec 2 §9); the AOR is expired after that day. */
  expirationDate: z.string(),
});
export type AorRecord = z.infer<typeof aorRecord>;

/** Newest signature first. */
export const aorList = z.array(aorRecord);

/** An AOR lasts one year after signing (spec 2 §9). */
export const AOR_VALID_YEARS = 1;

/**
 * The last day an AOR signed on `signDate` is valid: the same day a year later; a signature on
 * 29 February lasts to 28 February (there is no 29th), not into March.
 */
export function aorExpirationDate(signDate: string): string {
  if (!isIsoDate(signDate)) throw new Error(`not a date: ${signDate}`);
  const [y, m, d] = signDate.split('-').map(Number) as [number, number, number];
  const year = y + AOR_VALID_YEARS;
  const lastDay = new Date(Date.UTC(year, m, 0)).getUTCDate();
  const day = Math.min(d, lastDay);
  return `${String(year).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Expired once the expiration date has passed: valid through that day, expired the next. */
export function isAorExpired(signDate: string, today: string): boolean {
  return today > aorExpirationDate(signDate);
}

export type AorStatus = 'Current' | 'Expired';

export function aorStatus(signDate: string, today: string): AorStatus {
  return isAorExpired(signDate, today) ? 'Expired' : 'Current';
}
