import { Card, Typography } from 'antd';
import { type ReactNode } from 'react';

/**
 * A page panel: a card whose title is a level-2 heading, so headings stay in order. `block` is the
 * page's panel class its stylesheet styles (the organization dashboard's `org-panel` unless told).
 */
export function PanelCard({
  title,
  extra,
  children,
  className,
  block = 'org-panel',
}: {
  title: string;
  extra?: ReactNode;
  children: ReactNode;
  className?: string;
  block?: string;
}) {
  return (
    <Card
      className={`${block}${className ? ` ${className}` : ''}`}
      title={<Typography.Title level={2}>{title}</Typography.Title>}
      extra={extra}
    >
      {children}
    </Card>
  );
}
