import {
  unmappedRequired,
  type ConcatenationEntry,
  type MultiFieldTransform,
  type TemplateMapping,
} from '@pillar/domain';

/*
 * The mapping step's edits on a template's mappings, one target at a time, kept pure so the
 * rules (Select one clears, one kind of transform replaces the other; spec 3 §8) are unit tested.
 */

/** One row of the mapping table: a write field and what fills it. */
export interface MappingRow {
  target: string;
  required: boolean;
  /** Percent of the sample file's rows with a value in the source; null without a sample file. */
  percentPopulated: number | null;
  mapping: TemplateMapping;
}

/** The value of the 'Select one' option: choosing it clears the target's mapping. */
export const SELECT_ONE = '';

const empty = (target: string): TemplateMapping => ({
  target,
  source: null,
  transformation: null,
  concatenation: null,
  multiField: null,
});

/** The rows in the write schema's order; a target the template does not name is unmapped. */
export function mappingRows(
  writeFields: readonly { name: string; required: boolean }[],
  mappings: readonly TemplateMapping[],
  columns: readonly { target: string; sourceColumnPercentPopulated: number | null }[] = [],
): MappingRow[] {
  const byTarget = new Map(mappings.map((m) => [m.target, m]));
  const percent = new Map(columns.map((c) => [c.target, c.sourceColumnPercentPopulated]));
  return writeFields.map((f) => ({
    target: f.name,
    required: f.required,
    percentPopulated: percent.get(f.name) ?? null,
    mapping: byTarget.get(f.name) ?? empty(f.name),
  }));
}

/** Replaces the mapping of `target` (added when the template had none for it). */
function replace(
  mappings: readonly TemplateMapping[],
  target: string,
  change: (m: TemplateMapping) => TemplateMapping,
): TemplateMapping[] {
  const index = mappings.findIndex((m) => m.target === target);
  if (index < 0) return [...mappings, change(empty(target))];
  return mappings.map((m, i) => (i === index ? change(m) : m));
}

/** A source column for `target`; 'Select one' clears the whole mapping (spec 3 §8). */
export function setSource(
  mappings: readonly TemplateMapping[],
  target: string,
  source: string,
): TemplateMapping[] {
  if (source === SELECT_ONE) return replace(mappings, target, () => empty(target));
  return replace(mappings, target, (m) => ({
    ...m,
    source,
    concatenation: null,
    multiField: null,
  }));
}

/** A single transformation from the guide: it replaces a concatenation or multi-field transform. */
export function applyTransformation(
  mappings: readonly TemplateMapping[],
  target: string,
  transformation: string | null,
): TemplateMapping[] {
  return replace(mappings, target, (m) => ({
    ...m,
    transformation,
    concatenation: null,
    multiField: null,
  }));
}

/** A concatenation replaces the source, a single transformation and a multi-field transform. */
export function applyConcatenation(
  mappings: readonly TemplateMapping[],
  target: string,
  concatenation: ConcatenationEntry[],
): TemplateMapping[] {
  return replace(mappings, target, () => ({ ...empty(target), concatenation }));
}

/** A multi-field transform replaces the source, a single transformation and a concatenation. */
export function applyMultiField(
  mappings: readonly TemplateMapping[],
  target: string,
  multiField: MultiFieldTransform,
): TemplateMapping[] {
  return replace(mappings, target, () => ({ ...empty(target), multiField }));
}

/** Remove (in the drawer): the concatenation or multi-field transform goes, the target is blank. */
export function removeComposite(
  mappings: readonly TemplateMapping[],
  target: string,
): TemplateMapping[] {
  return replace(mappings, target, (m) => ({ ...m, concatenation: null, multiField: null }));
}

/** What applies to a mapped field, as the table's Transform column says it. */
export function describeMapping(m: TemplateMapping): string | null {
  if (m.concatenation)
    return `Concatenation: ${m.concatenation
      .map((e) => (e.type === 'literal' ? `"${e.value}"` : e.value))
      .join(' + ')}`;
  if (m.multiField)
    return `Multi-field: ${m.multiField.transformation}(${m.multiField.variables
      .map((v) => `${v.variableName}=${v.schemaField}`)
      .join(', ')})`;
  return m.transformation ?? null;
}

/** The required targets that show 'This field is required' (and block Next). */
export function requiredWithoutSource(rows: readonly MappingRow[]): Set<string> {
  return new Set(
    unmappedRequired(
      rows.map((r) => ({ name: r.target, required: r.required })),
      rows.map((r) => r.mapping),
    ),
  );
}

/** What the template saves: the mapped targets only (an unmapped one is blank in the output). */
export function mappingsToSave(rows: readonly MappingRow[]): TemplateMapping[] {
  return rows
    .map((r) => r.mapping)
    .filter((m) => m.source != null || m.concatenation != null || m.multiField != null);
}
