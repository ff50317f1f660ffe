import { describe, expect, it } from 'vitest';
import {
  IMPORT_SCHEMA_WIZARD_MESSAGES,
  cloneWizardValues,
  fileTypeChange,
  importSchemaWizardMode,
  visibleWizardSteps,
  wizardBack,
  wizardButtons,
  wizardChipsClickable,
  wizardModeTag,
  wizardNext,
  wizardShowsAttachments,
  wizardShowsHeader,
  type ImportSchemaWizardContext,
  type ImportSchemaWizardMode,
  type ImportSchemaWizardNext,
  type ImportSchemaWizardShape,
  type ImportSchemaWizardStep,
} from './import-schema-wizard.ts';

const LEGACY: ImportSchemaWizardShape = { legacy: true, edi: false };
const LEGACY_EDI: ImportSchemaWizardShape = { legacy: true, edi: true };
const EDI: ImportSchemaWizardShape = { legacy: false, edi: true };
const OTHER: ImportSchemaWizardShape = { legacy: false, edi: false };

describe('which steps a schema walks (spec 3 §2: 2 hidden for legacy and EDI, 3 for legacy)', () => {
  const rows: [string, ImportSchemaWizardShape, ImportSchemaWizardStep[]][] = [
    ['legacy, delimited', LEGACY, [1, 4, 5]],
    ['legacy, EDI-834', LEGACY_EDI, [1, 4, 5]],
    ['data mapper, EDI-834', EDI, [1, 3, 4, 5]],
    ['data mapper, delimited/fixed/spreadsheet', OTHER, [1, 2, 3, 4, 5]],
  ];
  it.each(rows)('%s', (_what, shape, steps) => {
    expect(visibleWizardSteps(shape)).toEqual(steps);
  });

  it('Next and Back never land on a hidden step', () => {
    const modes: ImportSchemaWizardMode[] = ['create', 'edit', 'view'];
    for (const shape of [LEGACY, LEGACY_EDI, EDI, OTHER]) {
      const steps = visibleWizardSteps(shape);
      for (const step of steps) {
        for (const mode of modes) {
          const next = wizardNext(step, shape, {
            mode,
            fieldsTouched: true,
            unmappedRequired: false,
          });
          if (next.kind === 'step') expect(steps).toContain(next.step);
        }
        const back = wizardBack(step, shape);
        if (back !== 'imports') expect(steps).toContain(back);
      }
    }
  });
});

describe('Next from each step (spec 3 §4 "Import schema wizard")', () => {
  const calm = (mode: ImportSchemaWizardMode): ImportSchemaWizardContext => ({
    mode,
    fieldsTouched: false,
    unmappedRequired: false,
  });
  const rows: [
    string,
    ImportSchemaWizardStep,
    ImportSchemaWizardShape,
    ImportSchemaWizardContext,
    ImportSchemaWizardNext,
  ][] = [
    [
      '1, legacy, to Advanced Options',
      1,
      LEGACY,
      calm('create'),
      { kind: 'step', step: 4, effect: 'none' },
    ],
    [
      '1, legacy EDI, still to 4',
      1,
      LEGACY_EDI,
      calm('edit'),
      { kind: 'step', step: 4, effect: 'none' },
    ],
    [
      '1, EDI viewed, straight to mapping',
      1,
      EDI,
      calm('view'),
      { kind: 'step', step: 3, effect: 'none' },
    ],
    [
      '1, EDI edited, straight to mapping',
      1,
      EDI,
      calm('edit'),
      { kind: 'step', step: 3, effect: 'none' },
    ],
    [
      '1, EDI new or cloned, copies the template first',
      1,
      EDI,
      calm('create'),
      { kind: 'step', step: 3, effect: 'createTemplateCopy' },
    ],
    [
      '1, delimited, to fields',
      1,
      OTHER,
      calm('create'),
      { kind: 'step', step: 2, effect: 'none' },
    ],
    ['2, untouched, to mapping', 2, OTHER, calm('edit'), { kind: 'step', step: 3, effect: 'none' }],
    [
      '2, touched, generates the mapping',
      2,
      OTHER,
      { ...calm('create'), fieldsTouched: true },
      { kind: 'step', step: 3, effect: 'generateMapping' },
    ],
    [
      '2, view mode never generates',
      2,
      OTHER,
      { ...calm('view'), fieldsTouched: true },
      { kind: 'step', step: 3, effect: 'none' },
    ],
    [
      '3, required column unmapped, blocked',
      3,
      OTHER,
      { ...calm('edit'), unmappedRequired: true },
      { kind: 'blocked', message: 'All required fields must be mapped' },
    ],
    [
      '3, all mapped, saves the template',
      3,
      EDI,
      calm('create'),
      { kind: 'step', step: 4, effect: 'saveTemplate' },
    ],
    [
      '3, view mode only moves on',
      3,
      OTHER,
      { ...calm('view'), unmappedRequired: true },
      { kind: 'step', step: 4, effect: 'none' },
    ],
    ['4 to Description', 4, LEGACY, calm('create'), { kind: 'step', step: 5, effect: 'none' }],
    ['5 in create mode creates', 5, OTHER, calm('create'), { kind: 'finish', action: 'create' }],
    ['5 in edit mode updates', 5, OTHER, calm('edit'), { kind: 'finish', action: 'update' }],
    ['5 in view mode is Done', 5, OTHER, calm('view'), { kind: 'finish', action: 'done' }],
  ];
  it.each(rows)('%s', (_what, step, shape, context, expected) => {
    expect(wizardNext(step, shape, context)).toEqual(expected);
  });
  it('the blocked message is the catalogue one', () => {
    expect(IMPORT_SCHEMA_WIZARD_MESSAGES.unmappedRequired).toBe(
      'All required fields must be mapped',
    );
  });
});

describe('Back from each step (spec 3 §4)', () => {
  const rows: [
    string,
    ImportSchemaWizardStep,
    ImportSchemaWizardShape,
    ImportSchemaWizardStep | 'imports',
  ][] = [
    ['1 returns to Imports', 1, OTHER, 'imports'],
    ['2 to 1', 2, OTHER, 1],
    ['3 to 2', 3, OTHER, 2],
    ['3 to 1 for EDI', 3, EDI, 1],
    ['4 to 3', 4, OTHER, 3],
    ['4 to 3 for EDI', 4, EDI, 3],
    ['4 to 1 for legacy', 4, LEGACY, 1],
    ['5 to 4', 5, LEGACY, 4],
  ];
  it.each(rows)('%s', (_what, step, shape, expected) => {
    expect(wizardBack(step, shape)).toBe(expected);
  });
});

describe('the buttons of each step', () => {
  const rows: [
    string,
    ImportSchemaWizardStep,
    ImportSchemaWizardMode,
    boolean,
    {
      returnToImports: boolean;
      back: boolean;
      next: boolean;
      save: boolean;
      done: boolean;
      clone: boolean;
    },
  ][] = [
    [
      'create, step 1',
      1,
      'create',
      true,
      { returnToImports: true, back: false, next: true, save: false, done: false, clone: false },
    ],
    [
      'view, step 1, may create: Clone',
      1,
      'view',
      true,
      { returnToImports: true, back: false, next: true, save: false, done: false, clone: true },
    ],
    [
      'edit, step 1, may create: Clone',
      1,
      'edit',
      true,
      { returnToImports: true, back: false, next: true, save: false, done: false, clone: true },
    ],
    [
      'view, step 1, may not create: no Clone',
      1,
      'view',
      false,
      { returnToImports: true, back: false, next: true, save: false, done: false, clone: false },
    ],
    [
      'view, step 2: no Clone',
      2,
      'view',
      true,
      { returnToImports: false, back: true, next: true, save: false, done: false, clone: false },
    ],
    [
      'edit, step 4',
      4,
      'edit',
      true,
      { returnToImports: false, back: true, next: true, save: false, done: false, clone: false },
    ],
    [
      'create, step 5: Save',
      5,
      'create',
      true,
      { returnToImports: false, back: true, next: false, save: true, done: false, clone: false },
    ],
    [
      'edit, step 5: Save',
      5,
      'edit',
      false,
      { returnToImports: false, back: true, next: false, save: true, done: false, clone: false },
    ],
    [
      'view, step 5: Done',
      5,
      'view',
      true,
      { returnToImports: false, back: true, next: false, save: false, done: true, clone: false },
    ],
  ];
  it.each(rows)('%s', (_what, step, mode, canCreate, expected) => {
    expect(wizardButtons(step, mode, canCreate)).toEqual(expected);
  });
});

describe('modes, chips, tags, header and attachments', () => {
  it.each([
    [undefined, '/data-management/eligibility-imports/import-schema', 'create'],
    ['7', '/data-management/eligibility-imports/import-schema/7', 'view'],
    ['7', '/data-management/eligibility-imports/import-schema/7/edit', 'edit'],
    ['7', '/data-management/eligibility-imports/import-schema/7/edit/', 'edit'],
    // 'edit' inside another segment is not the edit path
    ['7', '/data-management/eligibility-imports/import-schema/7/editor', 'view'],
  ] as const)('id %s at %s opens in %s mode', (id, path, mode) => {
    expect(importSchemaWizardMode(id, path)).toBe(mode);
  });

  it.each([
    ['create', false, null, false],
    ['edit', false, 'Edit Mode', true],
    ['view', true, 'View Only', true],
  ] as const)(
    '%s: chips clickable %s, tag %s, comments and files %s',
    (mode, chips, tag, files) => {
      expect(wizardChipsClickable(mode)).toBe(chips);
      expect(wizardModeTag(mode)).toBe(tag);
      expect(wizardShowsAttachments(mode)).toBe(files);
    },
  );

  it('the header shows the name and importer type from step 2 on', () => {
    expect([1, 2, 3, 4, 5].map((s) => wizardShowsHeader(s as ImportSchemaWizardStep))).toEqual([
      false,
      true,
      true,
      true,
      true,
    ]);
  });
});

describe('Clone and the file-type change (spec 3 §4)', () => {
  it('clone keeps the template, clears the name and switches to create mode on step 1', () => {
    const values = {
      name: 'Acme 834',
      fileType: 'edi',
      delimiter: null,
      fields: [{ fieldName: 'SSN' }],
    };
    expect(cloneWizardValues(values)).toEqual({
      mode: 'create',
      step: 1,
      values: { name: '', fileType: 'edi', delimiter: null, fields: [{ fieldName: 'SSN' }] },
    });
    expect(values.name).toBe('Acme 834');
  });

  const rows: [string, string | null, string, number, 'unchanged' | 'apply' | 'confirmAndClear'][] =
    [
      ['the first choice', null, 'delimited', 0, 'apply'],
      ['a change before any field exists', 'delimited', 'fixed', 0, 'apply'],
      [
        'a change on a schema with fields asks and clears',
        'delimited',
        'fixed',
        3,
        'confirmAndClear',
      ],
      ['the same type again', 'fixed', 'fixed', 3, 'unchanged'],
    ];
  it.each(rows)('%s', (_what, previous, next, fields, expected) => {
    expect(fileTypeChange(previous, next, fields)).toBe(expected);
  });
});
