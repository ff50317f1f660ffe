import { describe, expect, it } from 'vitest';
import { PRICING_MESSAGES, defaultSelection } from '@pillar/domain';
import {
  addPbm,
  defaultSelections,
  outputColumnsProblem,
  removePbm,
  selectionsFrom,
  setGlobal,
  setPbm,
  setPbmOption,
} from './pricing-selections.ts';

describe('pricing selections', () => {
  it('starts at the defaults, one column per PBM, not dirty', () => {
    const s = defaultSelections();
    expect(s.global).toMatchObject({
      pricing: 'Commercial',
      memberPopulation: 'Under 1K',
      rebateTier: '2TIER',
      retail90: 1,
      channelManagement: 'Yes',
      disruptionTier: '3TIER',
      specialtyIndicator: 'N/A',
      protectServices: '2.0',
    });
    expect(s.pbms.map((p) => p.pbm)).toEqual(['CVS_CAREMARK', 'OPTUMRX', 'EXPRESS_SCRIPTS']);
    expect(s.dirty).toBe(false);
  });

  it('marks any change dirty; the same value changes nothing', () => {
    const s = defaultSelections();
    expect(setGlobal(s, 'rebateTier', '2TIER')).toBe(s);
    const changed = setGlobal(s, 'rebateTier', '3TIER');
    expect(changed.dirty).toBe(true);
    // Rebate tier does not reset the PBM columns.
    const tuned = setPbmOption(s, 0, 'formulary', 'Value');
    expect(setGlobal(tuned, 'rebateTier', '3TIER').pbms[0]?.formulary).toBe('Value');
  });

  it("resets every PBM's selections when Pricing or Member Population changes", () => {
    const tuned = setPbmOption(
      setPbmOption(defaultSelections(), 0, 'formulary', 'Value'),
      1,
      'pharmacyNetwork',
      'Saver',
    );
    for (const next of [
      setGlobal(tuned, 'pricing', 'Pass Through'),
      setGlobal(tuned, 'memberPopulation', 'Over 5K'),
    ]) {
      expect(next.pbms[0]).toEqual(defaultSelection('CVS_CAREMARK'));
      expect(next.pbms[1]).toEqual(defaultSelection('OPTUMRX'));
      expect(next.dirty).toBe(true);
    }
  });

  it("resets a column's selections when its PBM changes, leaving the others", () => {
    const tuned = setPbmOption(
      setPbmOption(defaultSelections(), 0, 'formulary', 'Value'),
      1,
      'formulary',
      'Select',
    );
    const next = setPbm(tuned, 0, 'EXPRESS_SCRIPTS');
    expect(next.pbms[0]).toEqual(defaultSelection('EXPRESS_SCRIPTS'));
    expect(next.pbms[0]?.netNew).toBe('Net New');
    expect(next.pbms[1]?.formulary).toBe('Select');
  });

  it("refuses a fourth column with 'Please select up to 3.' and keeps at least one", () => {
    expect(addPbm(defaultSelections())).toEqual({ problem: PRICING_MESSAGES.tooManySelections });
    let s = defaultSelections();
    s = removePbm(removePbm(s, 0), 0);
    expect(s.pbms.map((p) => p.pbm)).toEqual(['EXPRESS_SCRIPTS']);
    expect(removePbm(s, 0)).toBe(s);
    const added = addPbm(s);
    expect('pbms' in added && added.pbms.map((p) => p.pbm)).toEqual([
      'EXPRESS_SCRIPTS',
      'CVS_CAREMARK',
    ]);
    expect(outputColumnsProblem(['a', 'b', 'c'])).toBeNull();
    expect(outputColumnsProblem(['a', 'b', 'c', 'd'])).toBe(PRICING_MESSAGES.tooManySelections);
  });

  it('reads selections back from a grid, falling to the defaults when unreadable', () => {
    const back = selectionsFrom({ pricing: 'Hospital' }, [defaultSelection('OPTUMRX')]);
    expect(back.global.pricing).toBe('Hospital');
    expect(back.pbms.map((p) => p.pbm)).toEqual(['OPTUMRX']);
    expect(selectionsFrom('junk', null)).toEqual(defaultSelections());
  });
});
