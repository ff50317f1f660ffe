import { describe, expect, it } from 'vitest';
import {
  LAST_STEP,
  alternativeChanges,
  incompleteSettings,
  settingsChanged,
  type AlternativesDraft,
  type SettingRow,
  LIST_WIZARD_STEPS,
  listWizardButtons,
  listWizardTitle,
  nextStep,
  previousStep,
  savesName,
  type ListWizardBlock,
  type ListWizardState,
  type NameStepValues,
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

  const stored = { name: 'Statins', isActive: true };
  it.each([
    [
      'a new list (create without id)',
      0,
      { listId: null, name: 'Statins', isActive: true, stored: null },
      true,
    ],
    [
      'a renamed list (update with id)',
      0,
      { listId: 7, name: 'Statins 2', isActive: true, stored },
      true,
    ],
    ['a list made inactive', 0, { listId: 7, name: 'Statins', isActive: false, stored }, true],
    ['an unchanged name', 0, { listId: 7, name: 'Statins', isActive: true, stored }, false],
    [
      'an unchanged name with spaces added',
      0,
      { listId: 7, name: ' Statins ', isActive: true, stored },
      false,
    ],
    ['any later step', 2, { listId: 7, name: 'Other', isActive: true, stored }, false],
  ] as [string, ListWizardStep, NameStepValues, boolean][])(
    'saves the name on Next: %s',
    (_what, step, values, saves) => {
      expect(savesName(step, values)).toBe(saves);
    },
  );

  it('is titled Create List or Edit List', () => {
    expect(listWizardTitle('create')).toBe('Create List');
    expect(listWizardTitle('edit')).toBe('Edit List');
  });
});

describe('what the later steps save', () => {
  const drug = (code: string) => ({ drug_code: code, drug_name: code });
  const targets = [
    { id: 1, alternative_drugs: [drug('A000000001'), drug('A000000002')] },
    { id: 2, alternative_drugs: [] },
  ];

  it.each([
    ['nothing touched', {}, []],
    ['the same set in another order', { 1: [drug('A000000002'), drug('A000000001')] }, []],
    [
      'one alternative removed',
      { 1: [drug('A000000002')] },
      [{ drugId: 1, codes: ['A000000002'] }],
    ],
    [
      'an alternative added to a target without any',
      { 2: [drug('B000000001')] },
      [{ drugId: 2, codes: ['B000000001'] }],
    ],
    ['every alternative removed', { 1: [] }, [{ drugId: 1, codes: [] }]],
  ] as [string, AlternativesDraft, { drugId: number; codes: string[] }[]][])(
    'alternative drugs: %s',
    (_what, draft, changes) => {
      expect(alternativeChanges(targets, draft)).toEqual(changes);
    },
  );

  it.each([
    [[], false],
    [[{ health_condition_id: 1, intervention_id: 2 }], false],
    [[{ health_condition_id: 1, intervention_id: null }], true],
    [[{ health_condition_id: null, intervention_id: 2 }], true],
  ] as [SettingRow[], boolean][])('settings %j incomplete: %s', (rows, incomplete) => {
    expect(incompleteSettings(rows)).toBe(incomplete);
  });

  const stored = [
    { health_condition_id: 1, intervention_id: 2 },
    { health_condition_id: 3, intervention_id: 4 },
  ];
  it.each([
    ['the same rows in another order', [stored[1]!, stored[0]!], false],
    ['a row removed', [stored[0]!], true],
    ['an intervention changed', [stored[0]!, { health_condition_id: 3, intervention_id: 5 }], true],
  ] as [string, SettingRow[], boolean][])('settings changed: %s', (_what, rows, changed) => {
    expect(settingsChanged(stored, rows)).toBe(changed);
  });
});
