import { Typography } from 'antd';
import { useRuntimeConfig } from '../../shared/config/runtime-config.ts';
import { usePageTitle } from '../../shared/page/use-page-title.ts';
import { PublicLayout } from '../layout/public-layout.tsx';

/** /terms: the terms of use every user accepts by signing in. */
export function TermsPage() {
  usePageTitle('Terms of Use');
  const { productTitle: product } = useRuntimeConfig();
  return (
    <PublicLayout>
      <article className="terms">
        <Typography.Title level={1}>Terms of Use</Typography.Title>
        <Typography.Paragraph>
          {product} is provided to employees of the pharmacy-benefit administrator, to the brokers
          it works with and to the staff of its client organizations. By signing in you agree to
          these terms.
        </Typography.Paragraph>
        <Typography.Title level={2}>Authorized use</Typography.Title>
        <Typography.Paragraph>
          Use {product} only for the administration of pharmacy benefits for the organizations you
          have been granted access to. Your account is personal: do not share your credentials or
          let anyone else act under your sign-in. Access may be reviewed, limited or removed at any
          time.
        </Typography.Paragraph>
        <Typography.Title level={2}>Protected health information</Typography.Title>
        <Typography.Paragraph>
          {product} holds protected health information and personal data of plan members. View,
          download or share it only when your work requires it, keep downloaded files secure, and
          follow the privacy and security obligations of your organization and of applicable law,
          including HIPAA. Report any suspected disclosure to your account manager at once.
        </Typography.Paragraph>
        <Typography.Title level={2}>Monitoring</Typography.Title>
        <Typography.Paragraph>
          Activity in {product} is logged, including who viewed or changed member records and who
          revealed social security numbers. Sessions end after a period of inactivity.
        </Typography.Paragraph>
        <Typography.Title level={2}>No warranty</Typography.Title>
        <Typography.Paragraph>
          {product} is open-source software provided &ldquo;as is&rdquo;, without warranty of any
          kind, under the Apache License 2.0. Eligibility and benefit decisions remain subject to
          the plan documents and the pharmacy-benefit manager&rsquo;s own records.
        </Typography.Paragraph>
      </article>
    </PublicLayout>
  );
}
