/**
 * The intervention list wizard's step and button rules (spec 2 §2 "Clinical configuration", §4
 * "Intervention list wizard"; decision 0109), kept pure so a table test states them all.
 *
 * Steps 0 to 4: Name, Target Drugs, Alternative Drugs, PBMs, Condition Settings. Back goes one
 * step (not on the first), Next one step on (not on the last), Finish saves and closes (on every
 * step, so an edit that only adds target drugs closes without walking the later steps). Next and
 * Finish are disabled with an empty name, with a name another list already has (compared by the
 * domain's name key, so case and spaces do not count) while that name is the one typed, and on
 * the Target Drugs step while the list has no target drug.
 */

export const LIST_WIZARD_STEPS = [
  'Name',
  'Target Drugs',
  'Alternative Drugs',
  'PBMs',
  'Condition Settings',
] as const;

export type ListWizardStep = 0 | 1 | 2 | 3 | 4;

export const FIRST_STEP: ListWizardStep = 0;
export const TARGET_DRUGS_STEP: ListWizardStep = 1;
export const LAST_STEP: ListWizardStep = 4;

/** Why Next and Finish are disabled, in words the wizard shows beside them. */
export const LIST_WIZARD_BLOCKS = {
  emptyName: 'Enter a name for the list.',
  duplicateName: 'A list with this name already exists.',
  noTargetDrug: 'Add at least one target drug.',
} as const;

export type ListWizardBlock = keyof typeof LIST_WIZARD_BLOCKS;

export interface ListWizardState {
  step: ListWizardStep;
  /** The name as typed. */
  name: string;
  /** Whether another list already has this name (the caller compares name keys). */
  duplicateName: boolean;
  /** How many target drugs the list holds (0 before the list exists). */
  targetDrugCount: number;
}

export interface ListWizardButtons {
  back: boolean;
  next: boolean;
  /** Next and Finish share one rule: both are enabled or both disabled. */
  nextAndFinishEnabled: boolean;
  /** The first reason they are disabled, or null. */
  block: ListWizardBlock | null;
}

/** Why Next and Finish are disabled on this step, or null when they are not. */
export function listWizardBlock(state: ListWizardState): ListWizardBlock | null {
  if (state.name.trim() === '') return 'emptyName';
  if (state.duplicateName) return 'duplicateName';
  if (state.step === TARGET_DRUGS_STEP && state.targetDrugCount === 0) return 'noTargetDrug';
  return null;
}

/** Which buttons the wizard shows on this step and whether Next and Finish may be pressed. */
export function listWizardButtons(state: ListWizardState): ListWizardButtons {
  const block = listWizardBlock(state);
  return {
    back: state.step > FIRST_STEP,
    next: state.step < LAST_STEP,
    nextAndFinishEnabled: block === null,
    block,
  };
}

export function nextStep(step: ListWizardStep): ListWizardStep {
  return Math.min(step + 1, LAST_STEP) as ListWizardStep;
}

export function previousStep(step: ListWizardStep): ListWizardStep {
  return Math.max(step - 1, FIRST_STEP) as ListWizardStep;
}

/** What the Name step holds, beside the list as stored (null before it exists). */
export interface NameStepValues {
  listId: number | null;
  name: string;
  isActive: boolean;
  stored: { name: string; isActive: boolean } | null;
}

/**
 * Whether leaving this step saves the name (spec 2 §4: "Next saves the list name first"): on the
 * Name step, when the list does not exist yet (create, without an id), or its typed name or its
 * status differs from the stored one (update, with the id). An unchanged name is not sent again.
 */
export function savesName(step: ListWizardStep, values: NameStepValues): boolean {
  if (step !== FIRST_STEP) return false;
  if (values.listId === null || values.stored === null) return true;
  return (
    values.name.trim() !== values.stored.name.trim() || values.isActive !== values.stored.isActive
  );
}

/** The wizard's title: Create List until a list is being edited. */
export function listWizardTitle(mode: 'create' | 'edit'): string {
  return mode === 'create' ? 'Create List' : 'Edit List';
}

// ---- What the later steps save ----

/** A drug as the wizard shows it before it is saved: its class code and name. */
export interface DraftDrug {
  drug_code: string;
  drug_name: string;
}

/** The Alternative Drugs step's edits: each touched target drug's (by id) whole new set. */
export type AlternativesDraft = Readonly<Record<number, readonly DraftDrug[]>>;

/**
 * The alternative-drug sets to save: one call per target drug whose codes the draft changed
 * (order does not count), none for a target drug left as it was.
 */
export function alternativeChanges(
  targets: readonly { id: number; alternative_drugs: readonly DraftDrug[] }[],
  draft: AlternativesDraft,
): { drugId: number; codes: string[] }[] {
  const changes: { drugId: number; codes: string[] }[] = [];
  for (const target of targets) {
    const next = draft[target.id];
    if (!next) continue;
    const before = target.alternative_drugs.map((d) => d.drug_code).sort();
    const after = next.map((d) => d.drug_code).sort();
    if (before.join() !== after.join()) changes.push({ drugId: target.id, codes: after });
  }
  return changes;
}

/** A row of the Condition Settings step: a condition and the intervention it triggers. */
export interface SettingRow {
  health_condition_id: number | null;
  intervention_id: number | null;
}

/** Whether a row lacks its condition or its intervention (the step cannot be saved so). */
export function incompleteSettings(rows: readonly SettingRow[]): boolean {
  return rows.some((row) => row.health_condition_id === null || row.intervention_id === null);
}

/** Whether the rows differ from the stored settings (order does not count). */
export function settingsChanged(
  stored: readonly { health_condition_id: number; intervention_id: number }[],
  rows: readonly SettingRow[],
): boolean {
  const key = (r: SettingRow) => `${r.health_condition_id}:${r.intervention_id}`;
  return stored.map(key).sort().join() !== rows.map(key).sort().join();
}
