import { List, Switch, Typography } from 'antd';
import { useId } from 'react';
import {
  FEATURE_FLAGS,
  useFeatureFlag,
  type FeatureFlagTitle,
} from '../../entities/feature-flag/index.ts';
import { usePageTitle } from '../../shared/page/use-page-title.ts';

function FlagRow({ title, description }: { title: FeatureFlagTitle; description: string }) {
  const [enabled, setEnabled] = useFeatureFlag(title);
  const labelId = useId();
  const descriptionId = useId();
  return (
    <List.Item
      actions={[
        <Switch
          key="toggle"
          checked={enabled}
          onChange={setEnabled}
          aria-labelledby={labelId}
          aria-describedby={descriptionId}
        />,
      ]}
    >
      <div>
        <div className="feature-flag__title" id={labelId}>
          {title}
        </div>
        <div className="feature-flag__description" id={descriptionId}>
          {description}
        </div>
      </div>
    </List.Item>
  );
}

/**
 * /admin/featureFlags: the signed-in user's flags (spec 2 §2), kept in this browser and on the
 * server, so they follow the user to any browser.
 */
export default function FeatureFlagsPage() {
  usePageTitle('Feature Flags');
  return (
    <section className="page">
      <Typography.Title level={1}>Feature Flags</Typography.Title>
      <Typography.Paragraph className="page-lead">
        Flags apply to your account only. They are saved as you switch them and follow you to any
        browser you sign in from.
      </Typography.Paragraph>
      <List
        bordered
        className="feature-flags"
        dataSource={[...FEATURE_FLAGS]}
        renderItem={(flag) => <FlagRow title={flag.title} description={flag.description} />}
      />
    </section>
  );
}
