import Papa from 'papaparse';
import {
  ELIGIBILITY_IMPORT_MESSAGES as M,
  standardEligibilityRow,
  type RejectedRow,
  type StandardEligibilityRow,
} from '@pillar/domain';

/**
 * The standard eligibility layout as a delimited file with a header row (the mapper's output,
 * and what a file already in the standard layout looks like). Column names are the row's keys.
 */
export const STANDARD_COLUMNS = [
  'recordType',
  'maintenanceCode',
  'organizationId',
  'ssn',
  'employeeSsn',
  'firstName',
  'lastName',
  'dateOfBirth',
  'gender',
  'relationship',
  'groupId',
  'alternateGroupId',
  'divisionId',
  'benefitPackage',
  'effectiveDate',
  'termDate',
  'cobra',
  'retiree',
  'student',
  'disabled',
  'adultDependent',
] as const;

export type ReadResult =
  | { ok: true; rows: StandardEligibilityRow[]; rejected: RejectedRow[] }
  | { ok: false; message: string };

/**
 * Reads a standard-layout file: a missing column is the wrong layout, no record is an empty
 * file, a last line with fewer fields is a truncated file (the whole file is refused: nothing is
 * staged). Each other row is validated with the domain's row schema; a bad row is rejected with
 * its 1-based file row number (the header is row 1), its field and message.
 */
export function readStandardCsv(text: string, delimiter = ','): ReadResult {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), {
    delimiter,
    skipEmptyLines: true,
  });
  const [header, ...records] = parsed.data;
  if (!header || records.length === 0) return { ok: false, message: M.emptyFile };
  const index = new Map(header.map((h, i) => [h.trim(), i]));
  if (STANDARD_COLUMNS.some((c) => !index.has(c))) return { ok: false, message: M.wrongLayout };
  const last = records[records.length - 1]!;
  if (last.length < header.length) return { ok: false, message: M.truncatedFile };

  const rows: StandardEligibilityRow[] = [];
  const rejected: RejectedRow[] = [];
  records.forEach((rec, i) => {
    const rowNumber = i + 2;
    const value = (c: string) => {
      const v = (rec[index.get(c)!] ?? '').trim();
      return v === '' ? null : v;
    };
    const candidate = {
      rowNumber,
      ...Object.fromEntries(STANDARD_COLUMNS.map((c) => [c, value(c)])),
    } as Record<string, unknown>;
    for (const c of ['firstName', 'lastName'] as const) candidate[c] ??= '';
    const result = standardEligibilityRow.safeParse(candidate);
    if (result.success) rows.push(result.data);
    else
      for (const issue of result.error.issues.slice(0, 1))
        rejected.push({ rowNumber, field: String(issue.path[0] ?? ''), message: issue.message });
  });
  return { ok: true, rows, rejected };
}
