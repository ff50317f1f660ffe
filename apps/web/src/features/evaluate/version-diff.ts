import { CONTRACT_TERMS, formatDate, isIsoDate } from '@pillar/domain';

/** One line of a side-by-side comparison: a field, its value in each version, changed or not. */
export interface DiffRow {
  path: string;
  label: string;
  left: string;
  right: string;
  changed: boolean;
}

const TERM_LABELS = new Map(CONTRACT_TERMS.map((term) => [term.code, term.label]));

/** Field names the versions carry, in the words of the screens. */
const FIELD_LABELS: Record<string, string> = {
  contractTermLength: 'Contract Term Length',
  contractEffDate: 'Contract Effective Date',
  ssgOrDsg: 'SSG/DSG',
  updatedAt: 'Saved At',
  updatedBy: 'Saved By',
};

/** 'retailBrand' -> 'Retail Brand'; known fields and contract terms by their screen label. */
function labelOf(key: string): string {
  return (
    FIELD_LABELS[key] ??
    TERM_LABELS.get(key) ??
    key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/^./, (first) => first.toUpperCase())
  );
}

/** The SSG/DSG answer in the form's words (decision 0116). */
const SSG_OR_DSG_WORDS: Record<string, string> = { no: 'No', SSG: 'Yes - SSG', DSG: 'Yes - DSG' };

function display(value: unknown, key: string): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') {
    if (key === 'ssgOrDsg') return SSG_OR_DSG_WORDS[value] ?? value;
    // Dates as the screens show them, MM/DD/YYYY.
    return isIsoDate(value) ? formatDate(value) : value;
  }
  return JSON.stringify(value);
}

/**
 * An array item's identity: a contract term by its code, a formulary list's drug by its
 * formulary and NDC (two NDCs may share a drug name), a fee or credit by its name, so a row that
 * moved is compared with itself rather than with whatever took its place.
 */
function itemKey(item: unknown, index: number): string {
  if (item && typeof item === 'object') {
    const record = item as Record<string, unknown>;
    if (typeof record.code === 'string') return record.code;
    if (typeof record.ndc === 'string')
      return typeof record.formulary === 'string'
        ? `${record.formulary} ${record.ndc}`
        : record.ndc;
    if (typeof record.name === 'string' && record.name !== '') return record.name;
  }
  return String(index + 1);
}

interface Leaf {
  label: string;
  value: unknown;
}

/**
 * Every leaf of a saved state by its path. A `{ code, value }` pair (a contract term) is one leaf
 * labelled by the term, so the comparison reads 'Retail Brand 18 -> 19', not 'value 18 -> 19'.
 */
function flatten(value: unknown, path: string, label: string, out: Map<string, Leaf>): void {
  if (Array.isArray(value)) {
    value.forEach((item, index) => {
      const key = itemKey(item, index);
      const record = item as Record<string, unknown> | null;
      const isTerm =
        record !== null &&
        typeof record === 'object' &&
        typeof record.code === 'string' &&
        'value' in record &&
        Object.keys(record).length === 2;
      const itemPath = path ? `${path}.${key}` : key;
      const itemLabel = TERM_LABELS.get(key) ?? (label ? `${label} ${key}` : key);
      if (isTerm) out.set(itemPath, { label: itemLabel, value: record.value });
      else flatten(item, itemPath, itemLabel, out);
    });
    if (value.length === 0 && path) out.set(path, { label, value: null });
    return;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
      const childLabel = label ? `${label} · ${labelOf(key)}` : labelOf(key);
      flatten(child, path ? `${path}.${key}` : key, childLabel, out);
    }
    return;
  }
  out.set(path || 'value', { label: label || 'Value', value });
}

/**
 * Two saved states side by side (issue 18 "viewable as a side-by-side diff of any two versions"):
 * every field either holds, in the first version's order then the fields only the second has,
 * with `changed` where the two differ.
 */
export function diffVersions(left: unknown, right: unknown): DiffRow[] {
  const a = new Map<string, Leaf>();
  const b = new Map<string, Leaf>();
  flatten(left, '', '', a);
  flatten(right, '', '', b);
  const paths = [...a.keys(), ...[...b.keys()].filter((path) => !a.has(path))];
  return paths.map((path) => {
    const key = path.split('.').at(-1) ?? path;
    const leftText = display(a.get(path)?.value, key);
    const rightText = display(b.get(path)?.value, key);
    return {
      path,
      label: (a.get(path) ?? b.get(path))?.label ?? path,
      left: leftText,
      right: rightText,
      changed: leftText !== rightText,
    };
  });
}
