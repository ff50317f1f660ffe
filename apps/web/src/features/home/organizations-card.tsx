import { BankOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router';
import { useOrganizationPreview } from '../../entities/organization/index.ts';
import { CardSearch, HomeCard } from './home-card.tsx';
import { organizationsSearchPath } from './member-search.ts';

/** Spec 1 §9: up to 10 organizations are listed; above 10 the card offers a search instead. */
export const ORGANIZATION_LIST_LIMIT = 10;
/** Spec 1 §9: the subtitle shows the total from 10 organizations on. */
export const ORGANIZATION_TOTAL_FROM = 10;

function organizationsLabel(count: number): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? 'organization' : 'organizations'}`;
}

/** The Organizations card (spec 1 §2 "Home dashboard"). */
export function OrganizationsCard() {
  const navigate = useNavigate();
  const preview = useOrganizationPreview(true);
  const total = preview.data?.totalCount;

  let body;
  if (preview.isPending) {
    body = (
      <p className="home-card__note" aria-busy="true">
        Loading your organizations…
      </p>
    );
  } else if (preview.isError) {
    body = (
      <p className="home-card__note">
        Your organizations could not be loaded. <Link to="/organizations">Open the list</Link>.
      </p>
    );
  } else if (preview.data.totalCount > ORGANIZATION_LIST_LIMIT) {
    body = (
      <CardSearch
        label="Search organizations"
        name="name"
        placeholder="Organization name"
        onSearch={(name) => void navigate(organizationsSearchPath(name))}
      />
    );
  } else if (preview.data.totalCount === 0) {
    body = <p className="home-card__note">You have not been given any organizations yet.</p>;
  } else {
    const shown = preview.data.data;
    const more = preview.data.totalCount - shown.length;
    body = (
      <>
        <ul className="home-org-list">
          {shown.map((organization) => (
            <li key={organization.organizationNo}>
              <Link to={`/organizations/${organization.organizationNo}/dashboard`}>
                {organization.name}
              </Link>
            </li>
          ))}
        </ul>
        <div className="home-card__actions">
          {more > 0 && (
            <Link to="/organizations" className="home-card__more">
              {more} more...
            </Link>
          )}
          <Link to="/organizations" className="home-button home-button--primary">
            My Organizations
          </Link>
        </div>
      </>
    );
  }

  return (
    <HomeCard
      tour="organizations"
      title="Organizations"
      icon={<BankOutlined />}
      subtitle={
        total !== undefined && total >= ORGANIZATION_TOTAL_FROM
          ? organizationsLabel(total)
          : undefined
      }
    >
      {body}
    </HomeCard>
  );
}
