import { z } from 'zod';
import { PERMISSIONS } from '../permissions.ts';
import { defineContract } from './define-contract.ts';

/**
 * The 834 layout as a read schema the data mapper maps from (spec 3 §7 "Data mapping service":
 * GET /edi834, GET /schemas/edisegments; issue 16 "X12 834 reading"; decision 0119). Whoever maps
 * an import (the eligibility import viewer), the evaluate data mapper and the transformation
 * admin read it; it is the X12 guide's structure, not anyone's data, so nothing is scoped.
 */
const access = {
  anyOf: [
    PERMISSIONS.eligibilityImportView,
    PERMISSIONS.evaluateDataMapper,
    PERMISSIONS.transformationAdmin,
  ],
} as const;
const tags = ['data-mapping'];

/** The 834 guides the server's reader follows (platform/x12). */
export const EDI_834_READ_LAYOUTS = ['005010X220A1'] as const;

export const edi834ReadLayout = z.object({
  filename: z.string(),
  label: z.string(),
  /**
   * The fixed unmapped template of the layout (its 834 read schema onto the standard eligibility
   * schema, no target mapped): the wizard clones it (POST /templates/{id}) for an EDI-834 schema.
   * Null until the seed has written it. Decision 0133.
   */
  unmappedTemplateId: z.number().int().nullable(),
});
export const edi834ReadLayoutList = z.object({
  data: z.array(edi834ReadLayout),
  totalCount: z.number().int(),
});

export const ediSegmentsQuery = z
  .object({
    filename: z
      .enum(EDI_834_READ_LAYOUTS, {
        error: 'Choose an 834 layout the reader follows: 005010X220A1',
      })
      .default('005010X220A1'),
  })
  .strict();

/**
 * One element of the 834 layout, in the field-list shape of a read schema: `name` is what a
 * mapping's source names ("2100A.NM1*IL.NM103"), `locIndex` the element's position in its
 * segment; the loop, segment, qualifier and X12 names say where it comes from.
 */
export const ediSegmentField = z.object({
  name: z.string(),
  loopId: z.string(),
  loopName: z.string(),
  parentLoopId: z.string().nullable(),
  segment: z.string(),
  qualifiers: z.array(z.string()),
  element: z.string(),
  elementName: z.string(),
  locIndex: z.number().int(),
});
export type EdiSegmentField = z.infer<typeof ediSegmentField>;
export const ediSegmentFieldList = z.object({
  filename: z.string(),
  data: z.array(ediSegmentField),
  totalCount: z.number().int(),
});

export const edi834Contracts = {
  layouts: defineContract({
    method: 'GET',
    service: 'dataMapping',
    path: '/edi834',
    answer: edi834ReadLayoutList,
    access,
    tags,
    summary: 'The X12 834 layouts the data mapper can read a file by',
  }),
  segments: defineContract({
    method: 'GET',
    service: 'dataMapping',
    path: '/schemas/edisegments',
    query: ediSegmentsQuery,
    answer: ediSegmentFieldList,
    access,
    tags,
    summary: "An 834 layout as a read schema: each loop's segments and their named elements",
  }),
} as const;
