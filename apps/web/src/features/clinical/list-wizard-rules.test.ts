import { describe, expect, it } from 'vitest';
import {
  LAST_STEP,
  LIST_WIZARD_STEPS,
  listWizardButtons,
  listWizardTitle,
  nextStep,
  previousStep,
  savesName,
  type ListWizardBlock,
  type ListWizardState,
  type ListWizardStep,
} from './list-wizard-rules.ts';

const BASE: ListWizardState = {
  step: 0,
  name: 'Statin review',
  duplicateName: false,
  targetDrugCount: 0,
};

describe('the list wizard buttons (spec 2 §4 "Intervention list wizard")', () => {
  const rows: [string, Partial<ListWizardState>, boolean, boolean, ListWizardBlock | null][] = [
    // what, state, back shown, next shown, block
    ['a named new list on the Name step', {}, false, true, null],
    ['an empty name', { name: '' }, false, true, 'emptyName'],
    ['a name of spaces', { name: '   ' }, false, true, 'emptyName'],
    ['a duplicate name', { duplicateName: true }, false, true, 'duplicateName'],
    [
      'an empty name wins over a duplicate',
      { name: '', duplicateName: true },
      false,
      true,
      'emptyName',
    ],
    ['Target Drugs with none', { step: 1 }, true, true, 'noTargetDrug'],
    ['Target Drugs with one', { step: 1, targetDrugCount: 1 }, true, true, null],
    ['Alternative Drugs with no target drug', { step: 2 }, true, true, null],
    ['PBMs', { step: 3, targetDrugCount: 2 }, true, true, null],
    ['Condition Settings: no Next', { step: 4, targetDrugCount: 2 }, true, false, null],
    [
      'Condition Settings with a duplicate',
      { step: 4, duplicateName: true },
      true,
      false,
      'duplicateName',
    ],
    [
      'Target Drugs with an empty name',
      { step: 1, name: '', targetDrugCount: 3 },
      true,
      true,
      'emptyName',
    ],
  ];

  it.each(rows)('%s', (_what, change, back, next, block) => {
    const buttons = listWizardButtons({ ...BASE, ...change });
    expect(buttons).toEqual({ back, next, nextAndFinishEnabled: block === null, block });
  });
});

describe('the list wizard steps', () => {
  it('has the five steps of the spec in order', () => {
    expect(LIST_WIZARD_STEPS).toEqual([
      'Name',
      'Target Drugs',
      'Alternative Drugs',
      'PBMs',
      'Condition Settings',
    ]);
    expect(LAST_STEP).toBe(LIST_WIZARD_STEPS.length - 1);
  });

  it.each([
    [0, 1, 0],
    [1, 2, 0],
    [3, 4, 2],
    [4, 4, 3],
  ] as [ListWizardStep, ListWizardStep, ListWizardStep][])(
    'from step %i Next goes to %i and Back to %i',
    (step, next, back) => {
      expect(nextStep(step)).toBe(next);
      expect(previousStep(step)).toBe(back);
    },
  );

  it.each([
    ['a new list (create without id)', 0, null, 'Statins', null, true],
    ['a renamed list (update with id)', 0, 7, 'Statins 2', 'Statins', true],
    ['an unchanged name', 0, 7, 'Statins', 'Statins', false],
    ['an unchanged name with spaces added', 0, 7, ' Statins ', 'Statins', false],
    ['any later step', 2, 7, 'Other', 'Statins', false],
  ] as [string, ListWizardStep, number | null, string, string | null, boolean][])(
    'saves the name on Next: %s',
    (_what, step, id, typed, stored, saves) => {
      expect(savesName(step, id, typed, stored)).toBe(saves);
    },
  );

  it('is titled Create List or Edit List', () => {
    expect(listWizardTitle('create')).toBe('Create List');
    expect(listWizardTitle('edit')).toBe('Edit List');
  });
});
