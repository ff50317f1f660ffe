import { Tag } from 'antd';

/** The gold PHI tag of a file that holds protected health information (spec 1 §2, spec 3 §2). */
export function PhiTag() {
  return (
    <Tag className="phi-tag" variant="outlined" title="Contains protected health information">
      PHI
    </Tag>
  );
}
