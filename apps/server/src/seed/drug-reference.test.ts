import { describe, expect, it } from 'vitest';
import { drugClassAncestors, isNdc11 } from '@pillar/domain';
import { readDemoDrugs, readDrugClasses } from './drug-reference.ts';

/*
 * The demo drug reference files (seed/data/demo-drugs.csv and drug-classes.csv; decision 0106):
 * the reader checks each line (NDC-11 of the FDA code, class code shape), these check the whole.
 */
describe('the demo drug catalogue and its classification', () => {
  const drugs = readDemoDrugs();
  const classes = readDrugClasses();
  const classCodes = new Set(classes.map((c) => c.code));

  it('has at least 80 package NDCs, unique, each the 11-digit form of the FDA code it lists', () => {
    expect(drugs.length).toBeGreaterThanOrEqual(80);
    expect(new Set(drugs.map((d) => d.ndc)).size).toBe(drugs.length);
    for (const d of drugs) expect(isNdc11(d.ndc), d.ndc).toBe(true);
  });

  it('covers brand and generic, retail and specialty', () => {
    expect(new Set(drugs.map((d) => d.brand_generic))).toEqual(new Set(['brand', 'generic']));
    expect(drugs.some((d) => d.specialty)).toBe(true);
    expect(drugs.some((d) => !d.specialty)).toBe(true);
  });

  it('names each class code only once, and every named level of a drug’s code exists', () => {
    expect(classCodes.size).toBe(classes.length);
    for (const d of drugs) {
      if (!d.gpi_10) continue;
      for (const level of drugClassAncestors(d.gpi_10))
        expect(classCodes.has(level), `${d.ndc} ${d.gpi_10}: ${level}`).toBe(true);
    }
  });

  it('gives one 10-digit code one drug: its packages’ nonproprietary names start with the same word', () => {
    const names = new Map<string, Set<string>>();
    for (const d of drugs) {
      if (!d.gpi_10) continue;
      const set = names.get(d.gpi_10) ?? new Set<string>();
      // Salts and wording differ between labelers ('duloxetine' / 'duloxetine hydrochloride').
      set.add(d.nonproprietary_name.toLowerCase().split(/[^a-z0-9]+/)[0]!);
      names.set(d.gpi_10, set);
    }
    const mixed = [...names]
      .filter(([, n]) => n.size > 1)
      .map(([code, n]) => `${code}: ${[...n].join(' / ')}`);
    expect(mixed).toEqual([]);
  });
});
