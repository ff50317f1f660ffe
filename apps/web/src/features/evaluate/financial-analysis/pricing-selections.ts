import {
  FA_OUTPUT_COLUMNS_MAX,
  PRICING_MESSAGES,
  RATE_CARD_PBMS,
  defaultSelection,
  globalCustomizations,
  pbmSelection,
  type GlobalCustomizations,
  type PbmSelection,
  type RateCardPbm,
} from '@pillar/domain';

/**
 * The recalculation screen's selections (spec 3 §4 "Pricing", §5): the global customizations
 * and at most 3 PBM selection columns. Pure, so the reset and limit rules are tested alone.
 */
export interface PricingSelections {
  global: GlobalCustomizations;
  pbms: PbmSelection[];
  /** A selection changed since the last Recalculate: 'New selections detected please recalculate!'. */
  dirty: boolean;
}

export const MAX_PBM_SELECTIONS = 3;

/** The defaults: every global customization at its default, one column per PBM. */
export function defaultSelections(): PricingSelections {
  return {
    global: globalCustomizations.parse({}),
    pbms: RATE_CARD_PBMS.map(defaultSelection),
    dirty: false,
  };
}

/** Selections read back from a grid or an iteration (anything unreadable falls to the default). */
export function selectionsFrom(global: unknown, pbms: unknown): PricingSelections {
  const g = globalCustomizations.safeParse(global ?? {});
  const list = Array.isArray(pbms)
    ? pbms.map((p) => pbmSelection.safeParse(p)).filter((r) => r.success)
    : [];
  return {
    global: g.success ? g.data : globalCustomizations.parse({}),
    pbms:
      list.length > 0
        ? list.map((r) => r.data).slice(0, MAX_PBM_SELECTIONS)
        : defaultSelections().pbms,
    dirty: false,
  };
}

/** Pricing and Member Population reset every PBM's selections to its defaults (spec 3 §4). */
const RESETTING: readonly (keyof GlobalCustomizations)[] = ['pricing', 'memberPopulation'];

export function setGlobal<K extends keyof GlobalCustomizations>(
  s: PricingSelections,
  key: K,
  value: GlobalCustomizations[K],
): PricingSelections {
  if (s.global[key] === value) return s;
  const global = { ...s.global, [key]: value };
  const pbms = RESETTING.includes(key)
    ? s.pbms.map((p) => ({ ...defaultSelection(p.pbm), includeInOutput: p.includeInOutput }))
    : s.pbms;
  return { global, pbms, dirty: true };
}

/** Changing a column's PBM resets that column's selections to the new PBM's defaults. */
export function setPbm(s: PricingSelections, index: number, pbm: RateCardPbm): PricingSelections {
  const current = s.pbms[index];
  if (!current || current.pbm === pbm) return s;
  const pbms = s.pbms.map((p, i) =>
    i === index ? { ...defaultSelection(pbm), includeInOutput: p.includeInOutput } : p,
  );
  return { ...s, pbms, dirty: true };
}

export function setPbmOption<K extends Exclude<keyof PbmSelection, 'pbm'>>(
  s: PricingSelections,
  index: number,
  key: K,
  value: PbmSelection[K],
): PricingSelections {
  const current = s.pbms[index];
  if (!current || current[key] === value) return s;
  const pbms = s.pbms.map((p, i) => (i === index ? { ...p, [key]: value } : p));
  return { ...s, pbms, dirty: true };
}

/** Adds a column (the first PBM not shown yet); refused past 3 with 'Please select up to 3.'. */
export function addPbm(s: PricingSelections): PricingSelections | { problem: string } {
  if (s.pbms.length >= MAX_PBM_SELECTIONS) return { problem: PRICING_MESSAGES.tooManySelections };
  const shown = new Set(s.pbms.map((p) => p.pbm));
  const pbm = RATE_CARD_PBMS.find((p) => !shown.has(p)) ?? RATE_CARD_PBMS[0];
  return { ...s, pbms: [...s.pbms, defaultSelection(pbm)], dirty: true };
}

/** Removes a column, only while more than one exists (spec 3 §5). */
export function removePbm(s: PricingSelections, index: number): PricingSelections {
  if (s.pbms.length <= 1) return s;
  return { ...s, pbms: s.pbms.filter((_, i) => i !== index), dirty: true };
}

/** The Save modal's output columns: at most 3 ('Please select up to 3.'). */
export function outputColumnsProblem(columns: readonly string[]): string | null {
  return columns.length > FA_OUTPUT_COLUMNS_MAX ? PRICING_MESSAGES.tooManySelections : null;
}
