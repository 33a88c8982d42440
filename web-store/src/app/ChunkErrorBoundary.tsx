import { Component, type ErrorInfo, type ReactNode } from 'react';
import { type LoadErrorKind, loadErrorKind } from './chunkLoading';
import { LoadErrorMessage } from './LoadErrorMessage';

interface State {
  kind: LoadErrorKind | null;
}

/**
 * Catches what a page throws while loading or rendering and offers a reload. Keyed by location
 * in the layout, so moving to another page clears it.
 */
export class ChunkErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { kind: null };

  static getDerivedStateFromError(error: unknown): State {
    return { kind: loadErrorKind(error) };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  override render() {
    if (this.state.kind) return <LoadErrorMessage kind={this.state.kind} />;
    return this.props.children;
  }
}
