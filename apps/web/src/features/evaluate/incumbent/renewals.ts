import {
  REBATE_CHANNELS,
  blankRenewalEntry,
  isBlankRenewalEntry,
  type RebateChannel,
  type RebateChannelInput,
  type RenewalEntry,
  type RenewalEntryInput,
} from '@pillar/domain';

/** An entry of the panel's list: saved on the server (with its id) or new and not yet saved. */
export interface RenewalDraft {
  key: string;
  id: number | null;
  entry: RenewalEntryInput;
}

/** What the server answered, as the modal edits it: no id, no computed totals. */
export function toInput(entry: RenewalEntry): RenewalEntryInput {
  const guarantees = Object.fromEntries(
    REBATE_CHANNELS.map((channel) => {
      const { guarantee, claimCount, exclusions } = entry.rebateGuarantees[channel];
      return [channel, { guarantee, claimCount, exclusions }];
    }),
  ) as Record<RebateChannel, RebateChannelInput>;
  return {
    name: entry.name,
    termLength: entry.termLength,
    effectiveDate: entry.effectiveDate,
    source: entry.source,
    discounts: entry.discounts,
    dispensingFees: entry.dispensingFees,
    rebateGuarantees: { rebateTier: entry.rebateGuarantees.rebateTier, ...guarantees },
    adminFees: entry.adminFees,
    adminCredits: entry.adminCredits,
  };
}

export function draftsFrom(entries: readonly RenewalEntry[]): RenewalDraft[] {
  return entries.map((entry) => ({
    key: `saved-${entry.id}`,
    id: entry.id,
    entry: toInput(entry),
  }));
}

let next = 0;
export function newDraft(): RenewalDraft {
  next += 1;
  return { key: `new-${next}`, id: null, entry: blankRenewalEntry() };
}

/**
 * Spec 3 §4 "Other": cancelling the modal of a new entry with nothing typed removes the entry;
 * a new entry with something typed stays in the list, unsaved, to be finished later.
 */
export function afterCancel(drafts: readonly RenewalDraft[], key: string): RenewalDraft[] {
  return drafts.filter((d) => !(d.key === key && d.id === null && isBlankRenewalEntry(d.entry)));
}

/** Sets one value deep in an entry (`['discounts', 'retail', 'brandAWP']`), copying the path. */
export function setIn<T>(value: T, path: readonly (string | number)[], leaf: unknown): T {
  if (path.length === 0) return leaf as T;
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  const current = (value as Record<string | number, unknown>)[head];
  const copy = Array.isArray(value) ? [...value] : { ...(value as object) };
  (copy as Record<string | number, unknown>)[head] = setIn(current, rest, leaf);
  return copy as T;
}
