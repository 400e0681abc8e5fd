import { Component, type ErrorInfo, type ReactNode } from "react";
import { t } from "../../lib/i18n";
import { ErrorAlert } from "./error-alert";

interface Props {
  children: ReactNode;
  /** Changing the key value resets the boundary (e.g. the route). */
  resetKey?: unknown;
}

interface State {
  error: Error | null;
  resetKey: unknown;
}

/** A rendering crash in one panel shows 'Unexpected error' with the first line of the message. */
export class PanelErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: Error): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey !== state.resetKey ? { error: null, resetKey: props.resetKey } : null;
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    const firstLine = String(error.message ?? error).split("\n")[0];
    return <ErrorAlert title={t("Unexpected error")} subtitle={firstLine} />;
  }
}
