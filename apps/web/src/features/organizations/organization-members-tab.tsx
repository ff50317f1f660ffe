import type { OrganizationDetail } from '@pillar/domain';

/**
 * The organization's Members tab (spec 1 §2). Owned by the members area: member search with the
 * employee and dependent columns, and Create New Member for users who may edit members.
 */
export default function OrganizationMembersTab({
  organization,
}: {
  organization: OrganizationDetail;
}) {
  return (
    <p className="tab-placeholder">
      Searching and adding the members of {organization.name} arrives with the members release.
    </p>
  );
}
