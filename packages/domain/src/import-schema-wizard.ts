/**
 * The import schema wizard's steps and buttons (spec 3 §2 "Import schema wizard", §4 "Import
 * schema wizard"; decision 0112), kept pure so one table test states every transition.
 *
 * The wizard only needs two facts about a schema to know its path: whether it is a legacy import
 * (no field definitions and no mapping) and whether its file is an EDI-834 (the X12 layout
 * defines the fields, so there is no field table). The mode comes from the URL: no id creates,
 * an id views, an id with /edit edits; Clone turns any of them into create.
 */

export type ImportSchemaWizardMode = 'create' | 'edit' | 'view';

export type ImportSchemaWizardStep = 1 | 2 | 3 | 4 | 5;

export const IMPORT_SCHEMA_WIZARD_STEPS: readonly {
  step: ImportSchemaWizardStep;
  title: string;
}[] = [
  { step: 1, title: 'File Definition' },
  { step: 2, title: 'Field Definitions' },
  { step: 3, title: 'Mapping & Transformations' },
  { step: 4, title: 'Advanced Options' },
  { step: 5, title: 'Description' },
];

/** What decides the wizard's path through its steps. */
export interface ImportSchemaWizardShape {
  /** Importer type Legacy (0): steps 2 and 3 are hidden. */
  legacy: boolean;
  /** File type EDI-834: step 2 is hidden (the 834 layout defines the fields). */
  edi: boolean;
}

export const IMPORT_SCHEMA_WIZARD_MESSAGES = {
  /** Spec 3 §8: step 3 Next with a required target column unmapped. */
  unmappedRequired: 'All required fields must be mapped',
  /** Spec 3 §4: changing the file type of a schema that already has fields. */
  fileTypeChangeTitle: 'Change the file type?',
  fileTypeChangeText:
    'The field definitions of this schema will be cleared, because they describe the current file type.',
  /** Spec 3 §2 "Mapping step" in view mode. */
  mappingViewOnly: 'In view only mode, Transformations are viewable but cannot be edited',
} as const;

/** The mode a wizard URL opens in (spec 3 §2: "edit mode is entered when the path contains edit"). */
export function importSchemaWizardMode(
  id: string | undefined,
  pathname: string,
): ImportSchemaWizardMode {
  if (id === undefined) return 'create';
  return /\/edit\/?$/.test(pathname) ? 'edit' : 'view';
}

/** The steps this schema walks through, in order. */
export function visibleWizardSteps(shape: ImportSchemaWizardShape): ImportSchemaWizardStep[] {
  if (shape.legacy) return [1, 4, 5];
  if (shape.edi) return [1, 3, 4, 5];
  return [1, 2, 3, 4, 5];
}

/**
 * What the wizard does on its way out of a step, before the next one opens:
 * - createTemplateCopy: an EDI-834 schema being created (new or cloned) copies the 834 template;
 * - generateMapping: the field table was touched, so a mapping job is generated from it;
 * - saveTemplate: the mapping is stored (created without a template id, else updated).
 */
export type ImportSchemaWizardEffect =
  'none' | 'createTemplateCopy' | 'generateMapping' | 'saveTemplate';

export interface ImportSchemaWizardContext {
  mode: ImportSchemaWizardMode;
  /** The field table was changed since it was loaded (or since the mapping was generated). */
  fieldsTouched: boolean;
  /** Some required target column of the mapping is not mapped (step 3). */
  unmappedRequired: boolean;
}

export type ImportSchemaWizardNext =
  | { kind: 'step'; step: ImportSchemaWizardStep; effect: ImportSchemaWizardEffect }
  | { kind: 'blocked'; message: string }
  /** The last step: view mode closes (Done), create and edit save. */
  | { kind: 'finish'; action: 'create' | 'update' | 'done' };

/** What Next (or Save/Done on the last step) does from this step (spec 3 §4). */
export function wizardNext(
  step: ImportSchemaWizardStep,
  shape: ImportSchemaWizardShape,
  context: ImportSchemaWizardContext,
): ImportSchemaWizardNext {
  const { mode } = context;
  switch (step) {
    case 1:
      if (shape.legacy) return { kind: 'step', step: 4, effect: 'none' };
      if (shape.edi) {
        return {
          kind: 'step',
          step: 3,
          effect: mode === 'create' ? 'createTemplateCopy' : 'none',
        };
      }
      return { kind: 'step', step: 2, effect: 'none' };
    case 2:
      return {
        kind: 'step',
        step: 3,
        effect: mode !== 'view' && context.fieldsTouched ? 'generateMapping' : 'none',
      };
    case 3:
      if (mode === 'view') return { kind: 'step', step: 4, effect: 'none' };
      if (context.unmappedRequired) {
        return { kind: 'blocked', message: IMPORT_SCHEMA_WIZARD_MESSAGES.unmappedRequired };
      }
      return { kind: 'step', step: 4, effect: 'saveTemplate' };
    case 4:
      return { kind: 'step', step: 5, effect: 'none' };
    case 5:
      return {
        kind: 'finish',
        action: mode === 'view' ? 'done' : mode === 'edit' ? 'update' : 'create',
      };
  }
}

/** Where Back goes from this step; step 1 has Return to Imports instead. */
export function wizardBack(
  step: ImportSchemaWizardStep,
  shape: ImportSchemaWizardShape,
): ImportSchemaWizardStep | 'imports' {
  switch (step) {
    case 1:
      return 'imports';
    case 2:
      return 1;
    case 3:
      return shape.edi ? 1 : 2;
    case 4:
      return shape.legacy ? 1 : 3;
    case 5:
      return 4;
  }
}

export interface ImportSchemaWizardButtons {
  returnToImports: boolean;
  back: boolean;
  next: boolean;
  /** Save on the last step in create and edit mode. */
  save: boolean;
  /** Done on the last step in view mode. */
  done: boolean;
  clone: boolean;
}

/**
 * The buttons of a step. Clone shows on step 1 of a schema that exists (view or edit, not while
 * creating) for a user with the create permission (spec 3 §6: "Clone needs the create permission").
 */
export function wizardButtons(
  step: ImportSchemaWizardStep,
  mode: ImportSchemaWizardMode,
  canCreate: boolean,
): ImportSchemaWizardButtons {
  const last = step === 5;
  return {
    returnToImports: step === 1,
    back: step !== 1,
    next: !last,
    save: last && mode !== 'view',
    done: last && mode === 'view',
    clone: step === 1 && mode !== 'create' && canCreate,
  };
}

/** Step chips jump straight to a step only in view mode (nothing can be left half-made there). */
export function wizardChipsClickable(mode: ImportSchemaWizardMode): boolean {
  return mode === 'view';
}

/** The header shows the schema's name and importer type from step 2 on. */
export function wizardShowsHeader(step: ImportSchemaWizardStep): boolean {
  return step > 1;
}

/** Step 5 lists comments and files only for a stored schema; create mode shows the notice. */
export function wizardShowsAttachments(mode: ImportSchemaWizardMode): boolean {
  return mode !== 'create';
}

/** The tag beside the title: 'View Only' in view mode, 'Edit Mode' in edit mode, none creating. */
export function wizardModeTag(mode: ImportSchemaWizardMode): 'View Only' | 'Edit Mode' | null {
  if (mode === 'view') return 'View Only';
  if (mode === 'edit') return 'Edit Mode';
  return null;
}

/**
 * Clone (spec 3 §4): the copy keeps everything of the template but its name (cleared) and its
 * identity, and the wizard goes on in create mode from step 1.
 */
export function cloneWizardValues<T extends { name: string }>(
  values: T,
): { mode: 'create'; step: 1; values: T } {
  return { mode: 'create', step: 1, values: { ...values, name: '' } };
}

/**
 * Changing the file type (spec 3 §4): on a schema with work (any field defined) the user confirms
 * and the field table is cleared, since its columns describe the old file type; otherwise the
 * change simply applies. Choosing the same type again is not a change.
 */
export function fileTypeChange(
  previous: string | number | null | undefined,
  next: string | number | null | undefined,
  fieldCount: number,
): 'unchanged' | 'apply' | 'confirmAndClear' {
  if (previous === next) return 'unchanged';
  if (previous === null || previous === undefined || fieldCount === 0) return 'apply';
  return 'confirmAndClear';
}
