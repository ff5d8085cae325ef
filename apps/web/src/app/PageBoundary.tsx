import { Component, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorView, LoadingView } from '../ui/StateViews';

function ChunkError() {
  const { t } = useTranslation();
  return <ErrorView message={t('error.pageLoadFailed')} onRetry={() => window.location.reload()} />;
}

interface State {
  error: unknown;
}

class ErrorBoundary extends Component<{ children: ReactNode; resetKey: string }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  override componentDidUpdate(prev: { resetKey: string }) {
    if (prev.resetKey !== this.props.resetKey && this.state.error) this.setState({ error: null });
  }

  override componentDidCatch(error: unknown) {
    console.error(error);
  }

  override render() {
    return this.state.error ? <ChunkError /> : this.props.children;
  }
}

/** Suspense (loading view after 200 ms) + error view for lazily loaded pages. */
export function PageBoundary({ children, resetKey }: { children: ReactNode; resetKey: string }) {
  return (
    <ErrorBoundary resetKey={resetKey}>
      <Suspense fallback={<LoadingView delay={200} />}>{children}</Suspense>
    </ErrorBoundary>
  );
}
