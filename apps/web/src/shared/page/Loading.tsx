import { Spin } from 'antd';

/** A page's figures on their way: a large spinner inside a named status region (the spinner itself takes no role). */
export function Loading({ label }: { label: string }) {
  return (
    <div className="clin-loading" role="status" aria-label={label}>
      <Spin size="large" />
    </div>
  );
}
