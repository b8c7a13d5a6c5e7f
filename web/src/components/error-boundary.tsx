import { Component, type ErrorInfo, type ReactNode } from 'react';

interface Props {
  /** What replaces the children once something below throws; `retry` renders them again. */
  fallback: (failure: { error: unknown; retry: () => void }) => ReactNode;
  /** Told of each failure (for the console, with the component stack). */
  onError?: (error: unknown, info: ErrorInfo) => void;
  children: ReactNode;
}

type State = { failure: { error: unknown } | null };

/**
 * The app's one error boundary: the router wraps each route that has an error element in it, and
 * a screen wraps a part that may fail on its own (the documents list) so the rest stays usable.
 */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { failure: null };

  static getDerivedStateFromError(error: unknown): State {
    return { failure: { error } };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    this.props.onError?.(error, info);
  }

  private retry = () => this.setState({ failure: null });

  override render() {
    if (!this.state.failure) return this.props.children;
    return this.props.fallback({ error: this.state.failure.error, retry: this.retry });
  }
}
