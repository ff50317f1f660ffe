import { Alert, Collapse, Skeleton } from 'antd';
import { useState } from 'react';
import { type Location } from '@pillar/domain';
import { describeError } from '../../shared/notifications/notify.ts';
import { useLocations } from '../../entities/organization/index.ts';
import { PanelCard } from '../../shared/page/panel-card.tsx';

function LocationBody({ location }: { location: Location }) {
  const cityLine = [location.city, [location.state, location.zip].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  return (
    <address className="org-address">
      {location.address1 && <div>{location.address1}</div>}
      {location.address2 && <div>{location.address2}</div>}
      {cityLine && <div>{cityLine}</div>}
      {location.phone && (
        <div>
          Phone: <a href={`tel:${location.phone}`}>{location.phone}</a>
        </div>
      )}
      {location.fax && <div>Fax: {location.fax}</div>}
      {location.email && (
        <div>
          Email: <a href={`mailto:${location.email}`}>{location.email}</a>
        </div>
      )}
    </address>
  );
}

/** Locations as an accordion, or the message that none are assigned (spec 1 §2). */
export function LocationsPanel({ orgId }: { orgId: number }) {
  const locations = useLocations(orgId);
  // One location open at a time. Collapse's own `accordion` mode marks the list up as tabs,
  // which its header buttons are not, so the one-open rule is kept here instead.
  const [open, setOpen] = useState<string[]>([]);
  let body;
  if (locations.isError)
    body = (
      <Alert
        type="error"
        showIcon
        title="The locations could not be loaded."
        description={describeError(locations.error).description}
      />
    );
  else if (!locations.data) body = <Skeleton active paragraph={{ rows: 2 }} />;
  else if (locations.data.totalCount === 0)
    body = <p className="org-muted">No locations are assigned to this organization.</p>;
  else
    body = (
      <Collapse
        activeKey={open}
        onChange={(keys) => setOpen(keys.filter((key) => !open.includes(key)).slice(-1))}
        items={locations.data.data.map((location) => ({
          key: String(location.locationNo),
          label: location.name,
          children: <LocationBody location={location} />,
        }))}
      />
    );
  return <PanelCard title="Locations">{body}</PanelCard>;
}
