import { Descriptions } from 'antd';
import { type Contact, type OrganizationDetail } from '@pillar/domain';
import { PanelCard } from '../../shared/page/panel-card.tsx';

const CONTACTS = [
  ['eligibilityContact', 'Eligibility Contact'],
  ['maintenanceContact', 'Maintenance Contact'],
  ['invoiceContact', 'Invoice Contact'],
  ['eligibilityVendor', 'Eligibility Vendor'],
  ['medicalVendorContact', 'Medical Vendor Contact'],
] as const;

function ContactLines({ contact }: { contact: Contact | null }) {
  if (!contact || (!contact.name && !contact.phone && !contact.email))
    return <span className="org-contact__empty">Not provided</span>;
  return (
    <span className="org-contact">
      {contact.name && <span>{contact.name}</span>}
      {contact.phone && <a href={`tel:${contact.phone}`}>{contact.phone}</a>}
      {contact.email && <a href={`mailto:${contact.email}`}>{contact.email}</a>}
    </span>
  );
}

/** Contact Info: eligibility, maintenance, invoice, eligibility vendor and medical vendor. */
export function ContactInfoPanel({ organization }: { organization: OrganizationDetail }) {
  return (
    <PanelCard title="Contact Info">
      <Descriptions
        column={1}
        layout="vertical"
        size="small"
        items={CONTACTS.map(([key, label]) => ({
          key,
          label,
          children: <ContactLines contact={organization[key]} />,
        }))}
      />
    </PanelCard>
  );
}
