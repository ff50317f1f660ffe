import { z } from 'zod';
import { formatDate, isoDate } from './dates.ts';
import { PERMISSIONS, type Permission } from './permissions.ts';
import { organizationIdParams } from './organizations.ts';
import { pageSchema, pagingQuery } from './paging.ts';
import { int4Id } from './validation.ts';

/*
 * The organization workspace (spec 1 §2 "Organization page", §3, §7): groups and their fees,
 * divisions and incentive programs, benefit packages, plans, invoice configurations, invoices
 * and their reports, locations, Med D subsidies, and the organization's users.
 */

// ---------- shared pieces ----------

/** A whole positive number in a path or query, named in its message (an int4 id). */
export const positiveId = int4Id;

/** A money amount as the database keeps it: numeric(14,2), carried as a decimal string. */
const money = z.string();

const nameFilter = z.string().trim().max(120, 'name must not exceed 120 characters').optional();

/** 'true' or 'false' in a query string. */
function booleanQuery(label: string) {
  return z
    .enum(['true', 'false'], { error: `${label} must be true or false` })
    .transform((v) => v === 'true');
}

/**
 * A query value that may repeat (`roleId=1&roleId=2`) or come once; checked as a whole, so a
 * bad value is reported against the field's own name.
 */
function repeatedIds(label: string) {
  return z.preprocess(
    (v) => (v === undefined ? undefined : Array.isArray(v) ? v : [v]),
    z
      .array(z.string(), { error: `${label} must be a list of numbers` })
      .max(50, `${label} may be given at most 50 times`)
      .refine(
        (values) => values.every((v) => /^\d{1,9}$/.test(v) && Number(v) > 0),
        `${label} must be positive whole numbers`,
      )
      .transform((values) => values.map(Number))
      .optional(),
  );
}

export const groupParams = organizationIdParams.extend({ groupId: positiveId('groupId') });
export const locationParams = organizationIdParams.extend({
  locationId: positiveId('locationId'),
});
export const invoiceParams = organizationIdParams.extend({ invoiceId: positiveId('invoiceId') });

/** Group and plan statuses (spec 1 §3: benefit group 1 active, 9 termed). */
export const GROUP_STATUS_CODES = [1, 9] as const;
const groupStatus = z.coerce
  .number({ error: 'processStatus must be 1 or 9' })
  .refine((v) => v === 1 || v === 9, 'processStatus must be 1 or 9');

/**
 * An effective period as the fee and group drawers show it: 'MM/DD/YYYY - MM/DD/YYYY', with
 * an open end shown as N/A (spec 1 §2).
 */
export function formatEffectivePeriod(
  effectiveDate: string | null | undefined,
  expirationDate: string | null | undefined,
): string {
  const start = formatDate(effectiveDate) || 'N/A';
  const end = formatDate(expirationDate) || 'N/A';
  return `${start} - ${end}`;
}

/** Whole cents of a decimal amount ('-12.5' -> -1250n); throws on anything else. */
export function moneyToCents(amount: string): bigint {
  const m = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(amount.trim());
  if (!m) throw new Error(`not a money amount: '${amount}'`);
  const cents = BigInt(m[2]!) * 100n + BigInt((m[3] ?? '').padEnd(2, '0'));
  return m[1] ? -cents : cents;
}

/** Cents back to a two-decimal string: -1250n -> '-12.50'. */
export function centsToAmount(cents: bigint): string {
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  return `${negative ? '-' : ''}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}

/** The exact sum of numeric(14,2) amounts, as the database would add them. */
export function sumMoney(amounts: readonly string[]): string {
  return centsToAmount(amounts.reduce((total, a) => total + moneyToCents(a), 0n));
}

// ---------- benefit groups ----------

export const GROUP_SORT_FIELDS = ['groupId', 'name', 'effectiveDate', 'processStatus'] as const;
export const groupListQuery = pagingQuery(GROUP_SORT_FIELDS).extend({
  name: nameFilter,
  processStatus: groupStatus.optional(),
});
export type GroupListQuery = z.infer<typeof groupListQuery>;

export const benefitGroup = z.object({
  benefitGroupNo: z.number().int(),
  benefitGroupId: z.string(),
  name: z.string(),
  processStatus: z.number().int(),
  effectiveDate: z.string(),
  expirationDate: z.string().nullable(),
  /** Spec 1 §3; the drawer shows it only when the organization supports alternate groups. */
  dependentAlternateGroupNumber: z.string().nullable(),
});
export type BenefitGroup = z.infer<typeof benefitGroup>;
export const benefitGroupPage = pageSchema(benefitGroup);

export const division = z.object({
  divisionNo: z.number().int(),
  divisionId: z.string(),
  divisionName: z.string(),
  effectiveDate: z.string(),
});
export type Division = z.infer<typeof division>;
export const divisionList = z.object({ data: z.array(division), totalCount: z.number().int() });

// ---------- group fees ----------

export const feeListQuery = z.object({
  /** Only this benefit group's fees (its benefitGroupNo). */
  groupId: positiveId('groupId').optional(),
});
export type FeeListQuery = z.infer<typeof feeListQuery>;

export const groupFee = z.object({
  feeNo: z.number().int(),
  benefitGroupNo: z.number().int(),
  benefitGroupId: z.string(),
  name: z.string(),
  effectiveDate: z.string(),
  expirationDate: z.string().nullable(),
  feeAmount: money,
});
export type GroupFee = z.infer<typeof groupFee>;
/** Spec 1 §7: the fees answer has planFees. */
export const feeList = z.object({ planFees: z.array(groupFee) });
export type FeeList = z.infer<typeof feeList>;

// ---------- incentive programs ----------

/** Spec 1 §3: the incentive programs a group may support. */
export const INCENTIVE_PROGRAMS = [
  { key: 'diabetic', label: 'Diabetic' },
  { key: 'cholesterol', label: 'Cholesterol' },
  { key: 'asthma', label: 'Asthma' },
  { key: 'diabeticSupplies', label: 'Diabetic Supplies' },
  { key: 'hypertension', label: 'Hypertension' },
  { key: 'depression', label: 'Depression' },
  { key: 'heartDisease', label: 'Heart Disease' },
  { key: 'heartFailure', label: 'Heart Failure' },
  { key: 'copd', label: 'COPD' },
  { key: 'weightLoss', label: 'Weight Loss' },
] as const;
export type IncentiveProgramKey = (typeof INCENTIVE_PROGRAMS)[number]['key'];
export const INCENTIVE_PROGRAM_KEYS = INCENTIVE_PROGRAMS.map((p) => p.key) as [
  IncentiveProgramKey,
  ...IncentiveProgramKey[],
];

export const incentiveProgramQuery = z.object({ groupId: positiveId('groupId').optional() });
export const groupIncentivePrograms = z.object({
  benefitGroupNo: z.number().int(),
  benefitGroupId: z.string(),
  programs: z.array(
    z.object({ key: z.enum(INCENTIVE_PROGRAM_KEYS), label: z.string(), mandatory: z.boolean() }),
  ),
});
export type GroupIncentivePrograms = z.infer<typeof groupIncentivePrograms>;
export const incentiveProgramList = z.object({ data: z.array(groupIncentivePrograms) });

// ---------- benefit packages ----------

export const BENEFIT_PACKAGE_SORT_FIELDS = ['name', 'benefitPackageId'] as const;
export const benefitPackageQuery = pagingQuery(BENEFIT_PACKAGE_SORT_FIELDS).extend({
  processStatus: groupStatus.optional(),
});
export type BenefitPackageQuery = z.infer<typeof benefitPackageQuery>;
export const benefitPackage = z.object({
  benefitPackageNo: z.number().int(),
  benefitPackageId: z.string(),
  name: z.string(),
  processStatus: z.number().int(),
  effectiveDate: z.string(),
});
export type BenefitPackage = z.infer<typeof benefitPackage>;
export const benefitPackagePage = pageSchema(benefitPackage);

// ---------- plans ----------

export const PLAN_SORT_FIELDS = ['name', 'planStatus', 'expirationDate'] as const;
export const planListQuery = pagingQuery(PLAN_SORT_FIELDS).extend({
  name: nameFilter,
  planStatus: z.coerce
    .number({ error: 'planStatus must be 1 or 9' })
    .refine((v) => v === 1 || v === 9, 'planStatus must be 1 or 9')
    .optional(),
});
export type PlanListQuery = z.infer<typeof planListQuery>;
export const plan = z.object({
  planNo: z.number().int(),
  planName: z.string(),
  planStatus: z.number().int(),
  effectiveDate: z.string(),
  expirationDate: z.string().nullable(),
});
export type Plan = z.infer<typeof plan>;
export const planPage = pageSchema(plan);

// ---------- invoices ----------

export const DISTRIBUTION_METHODS = ['Email', 'Portal', 'Mail', 'SFTP'] as const;

export const INVOICE_CONFIG_SORT_FIELDS = ['name', 'distributionMethod'] as const;
export const invoiceConfigQuery = pagingQuery(INVOICE_CONFIG_SORT_FIELDS);
export type InvoiceConfigQuery = z.infer<typeof invoiceConfigQuery>;
export const invoiceConfig = z.object({
  invoiceConfigNo: z.number().int(),
  name: z.string(),
  distributionMethod: z.string(),
  /** Supports the invoice claim extract (ICE). */
  supportsICE: z.boolean(),
});
export type InvoiceConfig = z.infer<typeof invoiceConfig>;
export const invoiceConfigPage = pageSchema(invoiceConfig);

export const INVOICE_SORT_FIELDS = ['invoiceNo', 'invoiceDate'] as const;
export const invoiceListQuery = pagingQuery(INVOICE_SORT_FIELDS).extend({
  invoiceConfigNo: positiveId('invoiceConfigNo').optional(),
  /** Invoice numbers starting with these digits. */
  invoiceNo: z
    .string()
    .trim()
    .regex(/^\d{1,10}$/, 'invoiceNo must be up to 10 digits')
    .optional(),
});
export type InvoiceListQuery = z.infer<typeof invoiceListQuery>;
export const invoice = z.object({
  invoiceNo: z.number().int(),
  invoiceConfigNo: z.number().int(),
  invoiceDate: z.string(),
  isTria: z.boolean(),
  periodStart: z.string(),
  periodEnd: z.string(),
  dueDate: z.string(),
  /** The sum of the invoice's lines. */
  totalAmount: money,
});
export type Invoice = z.infer<typeof invoice>;
export const invoicePage = pageSchema(invoice);

/** Spec 1 §9: invoice types Tria and Standard. */
export function invoiceTypeLabel(isTria: boolean): 'Tria' | 'Standard' {
  return isTria ? 'Tria' : 'Standard';
}

/** Spec 1 §7: the report call's types and formats. */
export const REPORT_TYPES = ['Invoice', 'Summary', 'Detail', 'InvoiceClaimExtract'] as const;
export type ReportType = (typeof REPORT_TYPES)[number];
export const REPORT_FORMATS = ['PDF', 'Excel', 'Text'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

/** What each download needs (the server checks it too). */
export const REPORT_PERMISSIONS: Record<ReportType, Permission> = {
  Invoice: PERMISSIONS.downloadFinancialInvoice,
  Summary: PERMISSIONS.downloadFinancialClaimSummary,
  Detail: PERMISSIONS.downloadFinancialClaimDetail,
  InvoiceClaimExtract: PERMISSIONS.downloadFinancialInvoiceClaimExport,
};

export const REPORT_TYPE_LABELS: Record<ReportType, string> = {
  Invoice: 'Invoice',
  Summary: 'Claim Summary',
  Detail: 'Claim Detail',
  InvoiceClaimExtract: 'Claim Extract',
};

/** The file extension of each format: Text is comma-separated values. */
export const REPORT_EXTENSIONS: Record<ReportFormat, string> = {
  PDF: 'pdf',
  Excel: 'xlsx',
  Text: 'csv',
};

export const reportQuery = z.object({
  type: z.enum(REPORT_TYPES, { error: `type must be one of ${REPORT_TYPES.join(', ')}` }),
  format: z.enum(REPORT_FORMATS, { error: `format must be one of ${REPORT_FORMATS.join(', ')}` }),
  /** The invoice's date, when the caller names it; it must match. */
  date: isoDate('date').optional(),
});
export type ReportQuery = z.infer<typeof reportQuery>;

/** A binary answer (PDF, xlsx, CSV): documented, never serialized as JSON. */
export const documentResponse = z.unknown().describe('The document: PDF, Excel (xlsx) or CSV');

/** The file name a report is saved under: invoice-100123-claim-summary-2026-10-01.csv. */
export function reportFileName(
  invoiceNo: number,
  invoiceDate: string,
  type: ReportType,
  format: ReportFormat,
): string {
  const part = {
    Invoice: 'invoice',
    Summary: 'claim-summary',
    Detail: 'claim-detail',
    InvoiceClaimExtract: 'claim-extract',
  }[type];
  const base = type === 'Invoice' ? `invoice-${invoiceNo}` : `invoice-${invoiceNo}-${part}`;
  return `${base}-${invoiceDate}.${REPORT_EXTENSIONS[format]}`;
}

// ---------- locations ----------

export const LOCATION_SORT_FIELDS = ['name', 'city'] as const;
export const locationQuery = pagingQuery(LOCATION_SORT_FIELDS);
export type LocationQuery = z.infer<typeof locationQuery>;
export const location = z.object({
  locationNo: z.number().int(),
  name: z.string(),
  address1: z.string().nullable(),
  address2: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zip: z.string().nullable(),
  phone: z.string().nullable(),
  fax: z.string().nullable(),
  email: z.string().nullable(),
});
export type Location = z.infer<typeof location>;
export const locationPage = pageSchema(location);

// ---------- Med D subsidies ----------

export const MEDD_SORT_FIELDS = ['applicationDate', 'applicationId'] as const;
export const meddSubsidyQuery = pagingQuery(MEDD_SORT_FIELDS);
export type MeddSubsidyQuery = z.infer<typeof meddSubsidyQuery>;
export const meddSubsidy = z.object({
  medDSubsidyNo: z.number().int(),
  applicationId: z.string(),
  applicationDate: z.string(),
  uboi: z.string().nullable(),
});
export type MeddSubsidy = z.infer<typeof meddSubsidy>;
export const meddSubsidyPage = pageSchema(meddSubsidy);

// ---------- organization users (authorization service) ----------

export const ORGANIZATION_USER_SORT_FIELDS = ['name', 'type', 'active'] as const;
export const organizationUserQuery = pagingQuery(ORGANIZATION_USER_SORT_FIELDS).extend({
  name: nameFilter,
  roleId: repeatedIds('roleId'),
  /** Absent for All; true Active; false Deactivated. */
  active: booleanQuery('active').optional(),
});
export type OrganizationUserQuery = z.infer<typeof organizationUserQuery>;

export const roleSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  /** 'client', 'broker' or 'internal': its first letter is the user type code (spec 1 §3). */
  group: z.string(),
});
export type RoleSummary = z.infer<typeof roleSummary>;

export const organizationUser = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  fullName: z.string(),
  username: z.string(),
  type: z.enum(['i', 'b', 'c']),
  roles: z.array(roleSummary),
  active: z.boolean(),
});
export type OrganizationUser = z.infer<typeof organizationUser>;
export const organizationUserPage = pageSchema(organizationUser);

export const USER_STATUS_OPTIONS = [
  { value: '', label: 'All' },
  { value: 'true', label: 'Active' },
  { value: 'false', label: 'Deactivated' },
] as const;

// ---------- organization look-ups of the authorization service ----------

export const AUTH_ORGANIZATION_SORT_FIELDS = ['name', 'id'] as const;
export const authOrganizationQuery = pagingQuery(AUTH_ORGANIZATION_SORT_FIELDS).extend({
  orgNo: repeatedIds('orgNo'),
  name: nameFilter,
});
export type AuthOrganizationQuery = z.infer<typeof authOrganizationQuery>;
export const authOrganization = z.object({
  id: z.number().int(),
  name: z.string(),
  processStatus: z.number().int(),
  effectiveDate: z.string(),
  expirationDate: z.string().nullable(),
});
export type AuthOrganization = z.infer<typeof authOrganization>;
export const authOrganizationPage = pageSchema(authOrganization);
export const authBenefitGroup = z.object({
  id: z.number().int(),
  benefitGroupId: z.string(),
  name: z.string(),
  processStatus: z.number().int(),
});
export type AuthBenefitGroup = z.infer<typeof authBenefitGroup>;
export const authBenefitGroupList = z.object({ data: z.array(authBenefitGroup) });
