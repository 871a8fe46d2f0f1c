import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  children: ReactNode;
  /** Changing the key (e.g. the path) clears a caught error. */
  resetKey?: string;
}

interface State {
  error: Error | null;
  resetKey?: string;
}

function SectionError({ error }: { error: Error }) {
  const { t } = useTranslation('public');
  return (
    <div role="alert" className="section-error" style={{ padding: 24 }}>
      {t('errors.section', { message: error.message })}
    </div>
  );
}

/** A lazily loaded section that fails (chunk download or render) shows "Error: <message>" (SPEC §2). */
export class SectionBoundary extends Component<Props, State> {
  state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey !== state.resetKey ? { error: null, resetKey: props.resetKey } : null;
  }

  render() {
    return this.state.error ? <SectionError error={this.state.error} /> : this.props.children;
  }
}
