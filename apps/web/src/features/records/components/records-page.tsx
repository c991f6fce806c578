import type { ReactNode } from 'react';
import '../records.css';

/** A records screen: its title (the shell header shows only a back arrow here) and content. */
export function RecordsPage({
  title,
  testId,
  children,
}: {
  title: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <main className="rec-page" data-testid={testId}>
      <h1 className="rec-page__title">{title}</h1>
      {children}
    </main>
  );
}
