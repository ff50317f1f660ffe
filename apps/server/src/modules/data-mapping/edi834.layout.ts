import type { EdiSegmentField } from '@pillar/domain';
import { ELEMENT_NAMES, flattenLoops, type LoopDef } from '../../platform/x12/map-834.ts';

/** The fixed unmapped 834 template's name and its read schema's (the seed writes both once). */
export const UNMAPPED_834_TEMPLATE = 'EDI_834_Unmapped';
export const EDI_834_READ_SCHEMA = 'EDI_834_005010X220A1';

/**
 * Qualifiers of the guide's repeated REF and DTP segments that tell them apart where an
 * eligibility file needs them: REF*38 master policy; REF*0F subscriber number, REF*1L group or
 * policy number, REF*17 client reporting category; a coverage's REF*1L and REF*CE class of
 * contract; DTP*007 effective date; DTP*356/357 eligibility begin/end; DTP*348/349 benefit
 * begin/end. (The whole code lists would take the layout past a schema's 500 fields.)
 */
const QUALIFIED: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>> = {
  REF: { ST: ['38'], '2000': ['0F', '1L', '17'], '2300': ['1L', 'CE'] },
  DTP: { ST: ['007'], '2000': ['356', '357'], '2300': ['348', '349'] },
};

/**
 * The segments the X12 reader's map names, in the guide's order, with the loop they sit in; a
 * repeated REF or DTP also once per qualifier (`2000.REF*1L.REF02`, decision 0133), which is how
 * a mapping job names them too.
 */
function segmentsOf(loop: LoopDef): { segment: string; qualifiers: string[]; label?: string }[] {
  const qualified = (segment: string) => QUALIFIED[segment]?.[loop.id] ?? [];
  return [
    { segment: loop.leader.segment, qualifiers: [...(loop.leader.qualifiers ?? [])] },
    ...loop.segments
      .filter((segment, index, all) => all.indexOf(segment) === index)
      .flatMap((segment) => [
        { segment, qualifiers: [] },
        ...qualified(segment).map((q) => ({ segment, qualifiers: [q], label: `${segment}*${q}` })),
      ]),
  ];
}

/**
 * The 834 (005010X220A1) as a read schema: one field per named element of each loop's segments,
 * built from the reader's own loop map so the mapper and the reader cannot disagree. A leading
 * segment's qualifiers are part of the name (2100A.NM1*IL.NM103) since they tell sibling loops apart.
 */
export function edi834ReadFields(): EdiSegmentField[] {
  return flattenLoops().flatMap(({ loop, parent }) =>
    segmentsOf(loop).flatMap(({ segment, qualifiers, label }) =>
      (ELEMENT_NAMES[segment] ?? []).map((elementName, index) => {
        const element = `${segment}${String(index + 1).padStart(2, '0')}`;
        const segmentLabel =
          label ?? (qualifiers.length === 1 ? `${segment}*${qualifiers[0]}` : segment);
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
