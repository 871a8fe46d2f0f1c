import { Empty } from 'antd';
import './bars.css';

export interface Bar {
  key: string;
  label: string;
  value: number;
}

/** Horizontal bars scaled to the largest value, each with its label and count. */
export function Bars({ bars }: { bars: Bar[] }) {
  const max = Math.max(0, ...bars.map((b) => b.value));
  if (!bars.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  return (
    <ul className="clin-bars">
      {bars.map((bar) => (
        <li key={bar.key} className="clin-bars__row">
          <span className="clin-bars__label">{bar.label}</span>
          <span className="clin-bars__track" aria-hidden>
            <span className="clin-bars__fill" style={{ width: max ? `${(bar.value / max) * 100}%` : 0 }} />
          </span>
          <span className="clin-bars__value">{bar.value}</span>
        </li>
      ))}
    </ul>
  );
}
