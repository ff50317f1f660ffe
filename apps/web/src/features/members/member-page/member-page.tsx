import { NotAvailablePage } from '../../../app/pages/not-available-page.tsx';

/** The member page (spec 1 §2 "Member page"): /organizations/{orgId}/employees/{employeeId}. */
export default function MemberPage() {
  return <NotAvailablePage area="Member Details" />;
}
