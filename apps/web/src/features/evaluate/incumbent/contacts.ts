import { CONTACT_SLOTS, dropEmptyContacts, type OpportunityContactInput } from '@pillar/domain';

/** A contact slot as the panel edits it: four texts, empty when not typed. */
export interface ContactSlot {
  contactName: string;
  position: string;
  email: string;
  phone: string;
}

export const CONTACT_FIELDS: readonly { field: keyof ContactSlot; label: string; max: number }[] = [
  { field: 'contactName', label: 'Name', max: 100 },
  { field: 'position', label: 'Position', max: 100 },
  { field: 'email', label: 'Email', max: 254 },
  { field: 'phone', label: 'Phone', max: 20 },
];

type SavedContact = { [K in keyof ContactSlot]?: string | null };

/** The three slots the panel shows: the saved contacts first, then empty ones. */
export function contactSlots(contacts: readonly SavedContact[]): ContactSlot[] {
  const slots = contacts.slice(0, CONTACT_SLOTS).map((c) => ({
    contactName: c.contactName ?? '',
    position: c.position ?? '',
    email: c.email ?? '',
    phone: c.phone ?? '',
  }));
  while (slots.length < CONTACT_SLOTS) {
    slots.push({ contactName: '', position: '', email: '', phone: '' });
  }
  return slots;
}

/** Spec 3 §5: empty contact rows are dropped before saving (the domain's rule). */
export function filledContacts(slots: readonly ContactSlot[]): OpportunityContactInput[] {
  return dropEmptyContacts(slots).map((slot) => ({
    contactName: slot.contactName.trim() || null,
    position: slot.position.trim() || null,
    email: slot.email.trim() || null,
    phone: slot.phone.trim() || null,
  }));
}

export interface ContactNotice {
  title: string;
  message: string;
}

/**
 * One notice per field of a refused save (spec 3 §7 "the error response has a params map of
 * field to message", §8): a key such as 'contacts.1.email' is titled with the contact's name
 * (or its row number) and the field's label.
 */
export function contactNotices(
  params: Record<string, string> | undefined,
  sent: readonly OpportunityContactInput[],
): ContactNotice[] {
  return Object.entries(params ?? {}).map(([key, message]) => {
    const parts = key.split('.');
    const index = parts.map(Number).find((n) => Number.isInteger(n));
    const field = CONTACT_FIELDS.find((f) => parts.includes(f.field));
    const who =
      index === undefined ? 'Contact' : sent[index]?.contactName || `Contact ${index + 1}`;
    return { title: field ? `${who}: ${field.label}` : who, message };
  });
}
