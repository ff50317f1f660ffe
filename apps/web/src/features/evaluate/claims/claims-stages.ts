/**
 * The Claims tab's wizard (spec 3 §4 "Claims flow"): Next pushes a stage on a stack, Previous
 * pops it, skipping Mapping (a mapped file is not mapped again); back on File the selection is
 * cleared. Pure, so the rules are tested without a screen.
 */
export const CLAIMS_STAGES = ['file', 'mapping', 'summary', 'pricing'] as const;
export type ClaimsStage = (typeof CLAIMS_STAGES)[number];

export const CLAIMS_STAGE_LABELS: Record<ClaimsStage, string> = {
  file: 'File',
  mapping: 'Mapping',
  summary: 'Summary',
  pricing: 'Pricing',
};

export type StageStack = readonly ClaimsStage[];

export const START: StageStack = ['file'];

export function currentStage(stack: StageStack): ClaimsStage {
  return stack[stack.length - 1] ?? 'file';
}

export function pushStage(stack: StageStack, stage: ClaimsStage): StageStack {
  return currentStage(stack) === stage ? stack : [...stack, stage];
}

/** Pops the current stage and any Mapping under it; never below File. */
export function popStage(stack: StageStack): StageStack {
  const next = stack.slice(0, -1);
  while (next.length > 1 && next[next.length - 1] === 'mapping') next.pop();
  return next.length === 0 ? START : next;
}
