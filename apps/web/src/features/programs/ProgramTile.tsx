import { CheckCircleFilled, ExperimentOutlined } from '@ant-design/icons';
import { truncate, TRUNCATE } from '@nlims/contracts';

interface Props {
  /** The programme's name in the interface language. */
  name: string;
  role: string;
  selected: boolean;
  onSelect: () => void;
}

export function ProgramTile({ name, role, selected, onSelect }: Props) {
  return (
    <button type="button" className={`prog-tile${selected ? ' is-selected' : ''}`} aria-pressed={selected} title={name} onClick={onSelect}>
      <span className="prog-tile__icon" aria-hidden="true">
        {selected ? <CheckCircleFilled /> : <ExperimentOutlined />}
      </span>
      <span className="prog-tile__name" dir="auto">
        {truncate(name, TRUNCATE.program)}
      </span>
      <span className="prog-tile__role">{role}</span>
    </button>
  );
}
