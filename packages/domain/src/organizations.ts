import { z } from 'zod';
import { isoDate } from './dates.ts';
import { pagingQuery, pageSchema } from './paging.ts';
import { int4Id } from './validation.ts';

export const ORGANIZATION_SORT_FIELDS = ['name', 'type', 'effectiveDate', 'processStatus'] as const;

/** GET /portal/v1/organizations (spec 1 §7). */
export const organizationSearchQuery = pagingQuery(ORGANIZATION_SORT_FIELDS).extend({
  name: z.string().trim().max(120, 'name must not exceed 120 characters').optional(),
  processStatus: z.coerce
    .number({ error: 'processStatus must be 1, 2 or 9' })
    .refine((v) => v === 1 || v === 2 || v === 9, 'processStatus must be 1, 2 or 9')
    .optional(),
  effectiveDate: isoDate('effectiveDate').optional(),
  expirationDate: isoDate('expirationDate').optional(),
});
export type OrganizationSearchQuery = z.infer<typeof organizationSearchQuery>;

export const organizationSummary = z.object({
  organizationNo: z.number().int(),
  name: z.string(),
  type: z.string(),
  processStatus: z.number().int(),
  effectiveDate: z.string(),
  expirationDate: z.string().nullable(),
});
export type OrganizationSummary = z.infer<typeof organizationSummary>;

export const organizationPage = pageSchema(organizationSummary);

export const contact = z.object({
  name: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
});
export type Contact = z.infer<typeof contact>;

/** The organization flags that drive member forms (spec 1 §3). */
export const organizationFeatures = z.object({
  useCOB: z.boolean(),
  supportsDivisions: z.boolean(),
  supportsClientDefinedData: z.boolean(),
  supportsDependentAlternateGroup: z.boolean(),
  SupportsDifferentDependentAddress: z.boolean(),
  requireAddress: z.boolean(),
  requireDependentSSN: z.boolean(),
  defaultDependentSSN: z.boolean(),
  generateEmployeeSSN: z.boolean(),
  clientIdMinimumLength: z.number().int().nullable(),
  clientIdMaximumLength: z.number().int().nullable(),
  padClientIdWithLeadingZeros: z.boolean(),
  ltrimClientId: z.boolean(),
  rtrimClientId: z.boolean(),
});
export type OrganizationFeatures = z.infer<typeof organizationFeatures>;

/** GET /portal/v1/organizations/{orgId}. */
export const organizationDetail = organizationSummary.extend({
  originalEffectiveDate: z.string(),
  eligibilityContact: contact.nullable(),
  maintenanceContact: contact.nullable(),
  invoiceContact: contact.nullable(),
  eligibilityVendor: contact.nullable(),
  medicalVendorContact: contact.nullable(),
  ...organizationFeatures.shape,
});
export type OrganizationDetail = z.infer<typeof organizationDetail>;

export const organizationIdParams = z.object({ orgId: int4Id('orgId') });
