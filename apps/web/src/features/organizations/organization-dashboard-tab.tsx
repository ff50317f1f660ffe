import { Col, Row } from 'antd';
import { PERMISSIONS, type OrganizationDetail } from '@pillar/domain';
import { PermissionGate } from '../../shared/permissions/permission-gate.tsx';
import { ContactInfoPanel } from './contact-info-panel.tsx';
import { GroupsPanel } from './groups-panel.tsx';
import { ImportConfigurationsPanel } from './import-configurations-panel.tsx';
import { InvoicesPanel } from './invoices-panel.tsx';
import { LocationsPanel } from './locations-panel.tsx';
import { MeddSubsidyPanel } from './medd-subsidy-panel.tsx';
import { PlansPanel } from './plans-panel.tsx';

/**
 * The organization's Dashboard tab (spec 1 §2): Groups, Plans and Invoices, with Contact Info,
 * Locations and Med D Subsidy beside them; Import Configurations for internal users (issue 15)
 * and for clients and brokers who may run imports (decision 0138).
 */
export function OrganizationDashboardTab({ organization }: { organization: OrganizationDetail }) {
  const orgId = organization.organizationNo;
  return (
    <Row gutter={[24, 24]}>
      <Col xs={24} xl={16}>
        <div className="org-dashboard__column">
          <GroupsPanel organization={organization} />
          <PlansPanel orgId={orgId} />
          <PermissionGate rule={{ allOf: [PERMISSIONS.viewFinancialInvoice] }}>
            <InvoicesPanel orgId={orgId} />
          </PermissionGate>
          <ImportConfigurationsPanel orgId={orgId} />
        </div>
      </Col>
      <Col xs={24} xl={8}>
        <div className="org-dashboard__column">
          <ContactInfoPanel organization={organization} />
          <LocationsPanel orgId={orgId} />
          <MeddSubsidyPanel orgId={orgId} />
        </div>
      </Col>
    </Row>
  );
}
