import { z } from 'zod';
import { CLAIMS_WRITE_FIELDS, guessSource, type TemplateMapping } from './data-mapping.ts';
import { isoDate } from './dates.ts';
import { int4Id } from './validation.ts';

/*
 * Claims files of a prospect opportunity (issue 19, spec 3 §3 "Claims file", "Mapped claims
 * file", "FA iteration", §5 "Claims file upload", "Financial analysis"; decision 0126).
 */

/** Upload formats the claims file step reads (spec 3 §2 "Claims file page"). */
export const CLAIMS_FILE_FORMATS = ['csv', 'pipe', 'fixed', 'xlsx'] as const;
export type ClaimsFileFormat = (typeof CLAIMS_FILE_FORMATS)[number];
/** The extensions the upload takes, mapped to their format (.txt is pipe-delimited or fixed). */
export const CLAIMS_FILE_EXTENSIONS = ['.csv', '.txt', '.psv', '.dat', '.xlsx'] as const;
/** Spec 3 §5: the preview shows the first 5 rows. */
export const CLAIMS_PREVIEW_ROWS = 5;
/** The largest claims file the upload stores (the data mapper's sample-file limit is 50 MB). */
export const CLAIMS_FILE_MAX_BYTES = 500 * 1024 * 1024;
export const CLAIMS_FILE_NAME_MAX_LENGTH = 255;
export const STORAGE_ID_MAX_LENGTH = 200;
export const FA_NOTES_MAX_LENGTH = 2000;
/** Spec 3 §5: at most 3 PBM columns ticked for output. */
export const FA_OUTPUT_COLUMNS_MAX = 3;
/** A claims file's header: at most this many columns, each name at most this long. */
export const CLAIMS_FILE_COLUMNS_MAX = 500;
export const CLAIMS_FILE_COLUMN_NAME_MAX_LENGTH = 200;
/** A grid or selection document's largest JSON text (a full grid of 7 columns is ~60 kB). */
export const FA_JSON_MAX_CHARS = 1_000_000;

/** Output templates of a proposal (spec 3 §7 fa_iterations: default Standard). */
export const OUTPUT_TEMPLATES = ['Standard', 'WTW', 'HUB', 'C2', 'MMA'] as const;
export type OutputTemplate = (typeof OUTPUT_TEMPLATES)[number];

export const CLAIMS_FILE_MESSAGES = {
  fileRequired: 'Please select the file',
  badType: 'Only CSV, pipe-delimited, fixed-width text or XLSX claims files can be uploaded',
  tooLarge: 'The claims file is larger than the 500MB limit',
  empty: 'The claims file has no header row',
  unreadableXlsx: 'The XLSX file could not be read; please save it again from Excel as .xlsx',
  tooManyColumns: 'The claims file has more than 500 columns',
  columnNameTooLong: 'A column name of the claims file is longer than 200 characters',
  notUploaded: 'No uploaded claims file has this hash; please upload it again',
  noClaimsFile: 'No Claims File: Failed to register selected file please try again!',
  mappedUnreadable: 'The mapped claims file could not be read',
  rangeOutside: 'Fill range start and end must be within the min and max fill dates of the file',
  startAfterEnd: 'Fill range start must not be after its end',
  notesRequired: 'Please enter notes',
  tooManyOutputs: 'Please select up to 3.',
  recalculate: 'Please Recalculate Before Saving',
  noGrid: 'No grid available please try again later or a different mapped file',
} as const;

/** The upload modal's note when the same bytes are already an accepted file (decision 0140). */
export const alreadyAcceptedMessage = (fileName: string) =>
  `This file is already in Unmapped Files as ${fileName}; Accept keeps that file and adds no copy.`;

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

export const claimsFileParams = z.object({ id: int4Id('id') });
export const mappedFileParams = z.object({ id: int4Id('id'), x: int4Id('x') });
export const iterationParams = z.object({ id: int4Id('id'), iterationId: int4Id('iterationId') });

/** The upload's answer: the hash the accept step names, the header, and the first 5 rows. */
export const uploadAnswer = z.object({
  fileHash: z.string(),
  fileName: z.string(),
  format: z.enum(CLAIMS_FILE_FORMATS),
  cols: z.array(z.object({ name: z.string() })),
  /** JSON text of the first 5 rows, each an object keyed by column (spec 3 §3). */
  previewRows: z.string(),
  rowCount: z.number().int().nonnegative(),
  unparseableRows: z.number().int().nonnegative(),
  /**
   * The same bytes are already an accepted file of the opportunity (decision 0140): accepting
   * this upload answers that file rather than listing a second copy.
   */
  alreadyAccepted: z.object({ id: z.number().int(), fileName: z.string() }).optional(),
});
export type UploadAnswer = z.infer<typeof uploadAnswer>;

export const acceptFileInput = z.object({
  fileHash: z
    .string({ error: 'fileHash is required' })
    .regex(/^[0-9a-f]{64}$/, 'fileHash must be the 64-character hash the upload answered'),
  containsPhi: z.boolean().default(true),
});
export type AcceptFileInput = z.infer<typeof acceptFileInput>;

export const claimsFile = z.object({
  id: z.number().int(),
  fileName: z.string(),
  fileStorageId: z.string(),
  fileHash: z.string(),
  phi: z.boolean(),
  format: z.enum(CLAIMS_FILE_FORMATS),
  rowCount: z.number().int(),
  unparseableRows: z.number().int(),
  createdAt: z.string(),
});
export type ClaimsFile = z.infer<typeof claimsFile>;

export const mappedClaimsFile = z.object({
  id: z.number().int(),
  fileStorageId: z.string(),
  fileName: z.string(),
  phi: z.boolean(),
  claimCount: z.number().int(),
  createdCols: z.array(z.string()),
  droppedCount: z.number().int(),
  minDate: z.string().nullable(),
  maxDate: z.string().nullable(),
  createdAt: z.string(),
});
export type MappedClaimsFile = z.infer<typeof mappedClaimsFile>;

export const claimsFileLists = z.object({
  unmappedFiles: z.array(claimsFile),
  mappedFiles: z.array(mappedClaimsFile),
});
export type ClaimsFileLists = z.infer<typeof claimsFileLists>;

export const registerMappedInput = z.object({
  mappedFileStorageId: text('mappedFileStorageId', STORAGE_ID_MAX_LENGTH),
  unmappedFileStorageId: text('unmappedFileStorageId', STORAGE_ID_MAX_LENGTH),
  mappedFileName: text('mappedFileName', CLAIMS_FILE_NAME_MAX_LENGTH),
});
export type RegisterMappedInput = z.infer<typeof registerMappedInput>;

export const claimRangeQuery = z.object({
  minDate: isoDate('minDate').optional(),
  maxDate: isoDate('maxDate').optional(),
});
export type ClaimRangeQuery = z.infer<typeof claimRangeQuery>;

export const claimRangeAnswer = z.object({
  totalCount: z.number().int().nonnegative(),
  totalNumberOfMonths: z.number().int().nonnegative(),
  minDate: z.string().nullable(),
  maxDate: z.string().nullable(),
});
export type ClaimRangeAnswer = z.infer<typeof claimRangeAnswer>;

/**
 * Calendar months a fill range touches, counting both ends ('2026-01-31'..'2026-02-01' is 2):
 * the Summary's "months" next to the claim count.
 */
export function monthsInRange(start: string, end: string): number {
  const [sy, sm] = start.split('-').map(Number) as [number, number];
  const [ey, em] = end.split('-').map(Number) as [number, number];
  return Math.max(0, (ey - sy) * 12 + (em - sm) + 1);
}

/** Null when the range is within [fileMin, fileMax] and ordered; else the message. */
export function fillRangeProblem(
  start: string,
  end: string,
  fileMin: string | null,
  fileMax: string | null,
): string | null {
  if (start > end) return CLAIMS_FILE_MESSAGES.startAfterEnd;
  if (fileMin === null || fileMax === null) return CLAIMS_FILE_MESSAGES.rangeOutside;
  if (start < fileMin || end > fileMax) return CLAIMS_FILE_MESSAGES.rangeOutside;
  return null;
}

/** A footnote of the grid (spec 3 §3 "Pricing grid column"). */
export const footNote = z.object({
  id: z.union([z.number().int(), z.string().max(50)]),
  category: z.string().max(100),
  text: z.string().max(2000),
  pages: z
    .array(z.union([z.string().max(50), z.number()]))
    .max(50)
    .default([]),
  isStatic: z.boolean().default(false),
});
export type FootNote = z.infer<typeof footNote>;

/**
 * The selections of the recalculation screen. `outputColumns` names the grid columns (by key)
 * ticked for output; `stale` is the grid's state as the recalculation reports it (true when
 * a selection changed since the last Recalculate).
 */
export const cscData = z
  .object({
    outputColumns: z
      .array(z.string().max(100))
      .max(FA_OUTPUT_COLUMNS_MAX, CLAIMS_FILE_MESSAGES.tooManyOutputs)
      .default([]),
    stale: z.boolean().default(false),
  })
  .catchall(z.unknown());
export type CscData = z.infer<typeof cscData>;

const jsonSized = <T extends z.ZodType>(schema: T, label: string) =>
  schema.refine((v) => JSON.stringify(v).length <= FA_JSON_MAX_CHARS, {
    message: `${label} is too large`,
  });

/** One grid column as a proposal reads it (the repricing engine's GridColumn, loosely). */
export const pricingGridColumn = z
  .object({
    key: z.string().max(100),
    pbm: z.string().max(100).nullable().default(null),
    name: z.string().max(200),
    planCost: z
      .object({
        grossClaimAmountPaid: z.number(),
        lessMemberCostShare: z.number(),
        totalCredits: z.number(),
        rebateAmount: z.number(),
        totalFees: z.number(),
        netCost: z.number(),
        paidAmountBreakdown: z
          .array(
            z
              .object({
                deliverySystem: z.string().max(50),
                brandGenericInd: z.string().max(50),
                grossClaimAmountPaid: z.number(),
                totalRx: z.number(),
              })
              .catchall(z.unknown()),
          )
          .max(100)
          .default([]),
      })
      .catchall(z.unknown()),
    contractSavings: z
      .object({ contractSavings: z.number(), percentSavings: z.number() })
      .catchall(z.unknown()),
  })
  .catchall(z.unknown());
export type PricingGridColumnInput = z.infer<typeof pricingGridColumn>;

export const pricingGridData = z.object({
  columns: z.array(pricingGridColumn).min(1, CLAIMS_FILE_MESSAGES.noGrid).max(20),
  /** Per-claim repricing detail when the engine gives it (the XLSX's second sheet). */
  claimDetail: z.array(z.record(z.string(), z.unknown())).max(200_000).optional(),
});
export type PricingGridData = z.infer<typeof pricingGridData>;

/** The save-grid body (spec 3 §7 fa_iterations). One schema for the save modal and the server. */
export const faIterationInput = z
  .object({
    mappedClaimFileID: int4Id('mappedClaimFileID'),
    cscData: jsonSized(cscData, 'cscData'),
    notes: z
      .string({ error: CLAIMS_FILE_MESSAGES.notesRequired })
      .trim()
      .min(1, CLAIMS_FILE_MESSAGES.notesRequired)
      .max(FA_NOTES_MAX_LENGTH, `notes must be at most ${FA_NOTES_MAX_LENGTH} characters`),
    pricingGridData: jsonSized(pricingGridData, 'pricingGridData'),
    footNotes: z.array(footNote).max(200).default([]),
    outputTemplate: z.enum(OUTPUT_TEMPLATES).default('Standard'),
  })
  .superRefine((v, ctx) => {
    if (v.cscData.stale)
      ctx.addIssue({
        code: 'custom',
        path: ['cscData'],
        message: CLAIMS_FILE_MESSAGES.recalculate,
      });
  });
export type FaIterationInput = z.infer<typeof faIterationInput>;

export const faIterationRow = z.object({
  id: z.number().int(),
  updatedDate: z.string(),
  notes: z.string(),
  mappedClaimFileID: z.number().int(),
  outputTemplate: z.enum(OUTPUT_TEMPLATES),
});
export type FaIterationRow = z.infer<typeof faIterationRow>;

export const faIterationList = z.array(faIterationRow);

export const faIterationDetail = faIterationRow.extend({
  cscData: z.unknown(),
  pricingGridData: z.unknown(),
  footNotes: z.array(z.unknown()),
});
export type FaIterationDetail = z.infer<typeof faIterationDetail>;

export const proposalFormat = z.object({
  id: int4Id('id'),
  iterationId: int4Id('iterationId'),
  format: z.enum(['pdf', 'xlsx'], { error: 'format must be pdf or xlsx' }),
});

/**
 * What the Mapping stage needs to map an accepted claims file with the data mapper (decision
 * 0132): a read schema of the file's columns, the standard claims write schema, and the id the
 * mapper's jobs read the stored file by.
 */
export const mappingSourceAnswer = z.object({
  readSchemaId: z.number().int(),
  writeSchemaId: z.number().int(),
  fileStorageId: z.string(),
});
export type MappingSourceAnswer = z.infer<typeof mappingSourceAnswer>;

/**
 * The Summary's created and dropped columns (spec 3 §2 "number of created and dropped columns";
 * decision 0145 "Summary columns"): dropped are the source columns the mapping did not read;
 * created are the mapped file's columns no source column fed (a literal, a default, or blank).
 * A column renamed by the mapping (Claim No to claimId) is neither. `mappings` is the template
 * the mapping job ran; without one (a mapped file no job of ours wrote) a mapped column is fed by
 * the source column of its own name, or, for a standard claims column, by the source column its
 * name or aliases name (the rule the Mapping stage's generated template starts from).
 */
export function summaryColumns(
  sourceCols: readonly string[],
  mappedCols: readonly string[],
  mappings:
    readonly Pick<TemplateMapping, 'target' | 'source' | 'concatenation' | 'multiField'>[] | null,
): { createdCols: string[]; droppedCount: number } {
  const read = new Set<string>();
  const fed = new Set<string>();
  if (mappings) {
    for (const m of mappings) {
      const sources = [
        ...(m.source != null ? [m.source] : []),
        ...(m.concatenation ?? []).filter((c) => c.type === 'schemaField').map((c) => c.value),
        ...(m.multiField?.variables ?? []).map((v) => v.schemaField),
      ];
      for (const source of sources) read.add(source);
      if (sources.length > 0) fed.add(m.target);
    }
  } else {
    const source = new Set(sourceCols);
    for (const col of mappedCols) {
      const field = CLAIMS_WRITE_FIELDS.find((f) => f.name === col);
      const from = source.has(col) ? col : field ? guessSource(field, sourceCols) : null;
      if (from === null) continue;
      read.add(from);
      fed.add(col);
    }
  }
  return {
    createdCols: mappedCols.filter((c) => !fed.has(c)),
    droppedCount: sourceCols.filter((c) => !read.has(c)).length,
  };
}
