import type { EdiSegmentField } from '@pillar/domain';
import { ELEMENT_NAMES, flattenLoops, type LoopDef } from '../../platform/x12/map-834.ts';

/** The fixed unmapped 834 template's name and its read schema's (the seed writes both once). */
export const UNMAPPED_834_TEMPLATE = 'EDI_834_Unmapped';
export const EDI_834_READ_SCHEMA = 'EDI_834_005010X220A1';

/** The segments the X12 reader's map names, in the guide's order, with the loop they sit in. */
function segmentsOf(loop: LoopDef): { segment: string; qualifiers: string[] }[] {
  return [
    { segment: loop.leader.segment, qualifiers: [...(loop.leader.qualifiers ?? [])] },
    ...loop.segments
      .filter((segment, index, all) => all.indexOf(segment) === index)
      .map((segment) => ({ segment, qualifiers: [] })),
  ];
}

/**
 * The 834 (005010X220A1) as a read schema: one field per named element of each loop's segments,
 * built from the reader's own loop map so the mapper and the reader cannot disagree. A leading
 * segment's qualifiers are part of the name (2100A.NM1*IL.NM103) since they tell sibling loops apart.
 */
export function edi834ReadFields(): EdiSegmentField[] {
  return flattenLoops().flatMap(({ loop, parent }) =>
    segmentsOf(loop).flatMap(({ segment, qualifiers }) =>
      (ELEMENT_NAMES[segment] ?? []).map((elementName, index) => {
        const element = `${segment}${String(index + 1).padStart(2, '0')}`;
        const segmentLabel = qualifiers.length === 1 ? `${segment}*${qualifiers[0]}` : segment;
        return {
          name: `${loop.id}.${segmentLabel}.${element}`,
          loopId: loop.id,
          loopName: loop.name,
          parentLoopId: parent ?? null,
          segment,
          qualifiers,
          element,
          elementName,
          locIndex: index + 1,
        };
      }),
    ),
  );
}
