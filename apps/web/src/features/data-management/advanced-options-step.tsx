import { QuestionCircleOutlined } from '@ant-design/icons';
import { Checkbox, Form, Tooltip, Typography } from 'antd';
import { ADVANCED_OPTIONS } from '@pillar/domain';

/**
 * Step 4 (spec 3 §2 "Advanced options"): the twelve checkboxes, each with the tooltip that says
 * what it does to an import (the domain's texts: the contract the import run honours).
 */
export function AdvancedOptionsStep() {
  return (
    <section aria-labelledby="advanced-options-title" className="import-schema-step">
      <Typography.Title level={2} id="advanced-options-title">
        Advanced Options
      </Typography.Title>
      <div className="advanced-options">
        {ADVANCED_OPTIONS.map((option) => (
          <div className="advanced-options__row" key={option.key}>
            <Form.Item name={option.key} valuePropName="checked" noStyle>
              <Checkbox>{option.label}</Checkbox>
            </Form.Item>
            <Tooltip title={option.tooltip}>
              <QuestionCircleOutlined
                className="advanced-options__help"
                role="img"
                aria-label={`About ${option.label}: ${option.tooltip}`}
                tabIndex={0}
              />
            </Tooltip>
          </div>
        ))}
      </div>
    </section>
  );
}
