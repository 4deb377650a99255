import { Component, type ErrorInfo, type ReactNode } from 'react';

/** The text of the router's default error page (R-ACCESS-10). */
export const ERROR_PAGE_TITLE = 'Unexpected Application Error!';

interface Props {
  readonly children: ReactNode;
  /** A change (the location) clears a caught error, so navigating away recovers. */
  readonly resetKey?: unknown;
}

interface State {
  readonly error: unknown;
  readonly resetKey: unknown;
}

const messageOf = (error: unknown): string =>
  error instanceof Error ? error.message : typeof error === 'string' ? error : JSON.stringify(error);

/** Catches render errors and shows the router's default error page, like React Router does. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error ?? new Error('Unknown error') };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (props.resetKey === state.resetKey) return null;
    return { error: null, resetKey: props.resetKey };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  override render() {
    if (this.state.error === null) return this.props.children;
    return (
      <div className="error-page" role="alert">
        <h2>{ERROR_PAGE_TITLE}</h2>
        <pre>{messageOf(this.state.error)}</pre>
      </div>
    );
  }
}
