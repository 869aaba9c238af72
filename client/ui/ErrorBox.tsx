import { Button, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorBoundary } from './ErrorBoundary';

/** The component-level error box with retry; also used for failed loads. */
export function ErrorBox({ message, onRetry }: { message?: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <MessageBar intent="error" layout="multiline" role="alert">
      <MessageBarBody>
        <MessageBarTitle>{t('errorBox.title')}</MessageBarTitle>
        {message}
      </MessageBarBody>
      <MessageBarActions>
        <Button onClick={onRetry}>{t('actions.retry')}</Button>
      </MessageBarActions>
    </MessageBar>
  );
}

/** Wraps part of a page so that its failure does not take the page down. */
export function ComponentErrorBoundary({ children, resetKey }: { children: ReactNode; resetKey?: unknown }) {
  return (
    <ErrorBoundary resetKey={resetKey} fallback={(reset) => <ErrorBox onRetry={reset} />}>
      {children}
    </ErrorBoundary>
  );
}
