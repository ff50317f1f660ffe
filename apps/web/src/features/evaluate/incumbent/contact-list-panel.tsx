import { Button, Flex, Input } from 'antd';
import { useState } from 'react';
import { isApiError } from '../../../shared/api/api-error.ts';
import {
  notifyError,
  notifyErrorMessage,
  notifySuccess,
} from '../../../shared/notifications/notify.ts';
import { PanelCard } from '../../../shared/page/panel-card.tsx';
import { type OpportunityContactInput } from '@pillar/domain';
import {
  CONTACT_FIELDS,
  contactNotices,
  contactSlots,
  filledContacts,
  type ContactSlot,
} from './contacts.ts';

export interface ContactListPanelProps {
  contacts: readonly { [K in keyof ContactSlot]: string | null }[];
  onSave: (contacts: OpportunityContactInput[]) => Promise<unknown>;
  saving: boolean;
}

/**
 * Contact List (spec 3 §3 "Contact", §5, §8): three slots of name, position, email and phone;
 * rows left empty are dropped before the save; a refusal shows one notice per field the server
 * named in its params.
 */
export function ContactListPanel({ contacts, onSave, saving }: ContactListPanelProps) {
  const [slots, setSlots] = useState<ContactSlot[]>(() => contactSlots(contacts));
  // The server's answer (after a save or a reload) replaces the typed values.
  const [shown, setShown] = useState(contacts);
  if (shown !== contacts) {
    setShown(contacts);
    setSlots(contactSlots(contacts));
  }
  const dirty =
    JSON.stringify(filledContacts(slots)) !==
    JSON.stringify(filledContacts(contactSlots(contacts)));

  function change(index: number, field: keyof ContactSlot, value: string) {
    setSlots((current) => current.map((c, i) => (i === index ? { ...c, [field]: value } : c)));
  }

  async function save() {
    const kept = filledContacts(slots);
    try {
      await onSave(kept);
      notifySuccess('Contacts Saved');
    } catch (error) {
      const notices = isApiError(error) ? contactNotices(error.params, kept) : [];
      if (notices.length === 0) notifyError(error, 'Contact List');
      for (const notice of notices) notifyErrorMessage(notice.title, notice.message);
    }
  }

  return (
    <PanelCard
      title="Contact List"
      block="incumbent-panel"
      extra={
        dirty && (
          <Flex gap={8}>
            <Button onClick={() => setSlots(contactSlots(contacts))}>Undo</Button>
            <Button type="primary" loading={saving} onClick={() => void save()}>
              Save
            </Button>
          </Flex>
        )
      }
    >
      <table className="incumbent-contacts">
        <thead>
          <tr>
            <th scope="col">#</th>
            {CONTACT_FIELDS.map(({ label }) => (
              <th key={label} scope="col">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {slots.map((contact, index) => (
            <tr key={index}>
              <th scope="row">{index + 1}</th>
              {CONTACT_FIELDS.map(({ field, label, max }) => (
                <td key={field}>
                  <Input
                    aria-label={`Contact ${index + 1} ${label}`}
                    value={contact[field]}
                    maxLength={max}
                    onChange={(event) => change(index, field, event.target.value)}
                  />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </PanelCard>
  );
}
