import { NotAvailablePage } from '../../../app/pages/not-available-page.tsx';

/** The dependent page (spec 1 §2 "Dependent page"). */
export default function DependentPage() {
  return <NotAvailablePage area="Dependent Details" />;
}
